package io.sparkadvisor.knowledge.serverless;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementTablesTest {
    @Test
    void anInsertReadsItsSourcesAndWritesItsTarget() {
        StatementTables t = StatementTables.of("INSERT INTO Main.Sales.Orders_Daily SELECT * FROM main.sales.orders_raw r"
                + " JOIN main.ref.regions g ON r.region = g.id WHERE r.order_date >= date_sub(current_date(), 1)");
        assertEquals(List.of("main.sales.orders_raw", "main.ref.regions"), t.read());
        assertEquals(List.of("main.sales.orders_daily"), t.written());
        assertEquals(Optional.empty(), t.onlyRead(), "two tables read: no single one to name");
    }

    @Test
    void aMergeReadsTheTableItWrites() {
        StatementTables t = StatementTables.of("MERGE INTO main.sales.customers t USING main.sales.customer_updates s"
                + " ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.email = s.email WHEN NOT MATCHED THEN INSERT (id, email) VALUES (s.id, s.email)");
        assertEquals(List.of("main.sales.customers"), t.written());
        assertEquals(List.of("main.sales.customer_updates", "main.sales.customers"), t.read());
    }

    @Test
    void aCreateTableAsSelectWritesItsTableAndACommonTableExpressionIsNoTable() {
        StatementTables t = StatementTables.of("CREATE OR REPLACE TABLE main.sales.top AS WITH recent AS (SELECT * FROM"
                + " `main`.`sales`.`orders-2026`) SELECT * FROM recent");
        assertEquals(List.of("main.sales.orders-2026"), t.read());
        assertEquals(List.of("main.sales.top"), t.written());
        assertEquals("main.sales.`orders-2026`", StatementTables.quoted(t.read().get(0)), "a hyphen needs backticks in SQL");
    }

    @Test
    void onlyIdentifiersAreKeptNeverPathsOrOtherText() {
        assertEquals(StatementTables.NONE, StatementTables.of("SELECT * FROM delta.`s3://bucket/raw/orders`"));
        assertEquals(List.of(), StatementTables.of("SELECT * FROM main.sales.`x' ; DROP TABLE y`").read());
        assertEquals(Optional.of("main.sales.orders"), StatementTables.of("SELECT count(*) FROM main.sales.orders").onlyRead());
    }

    @Test
    void textTheParserDoesNotTakeNamesNoTable() {
        assertEquals(StatementTables.NONE, StatementTables.of("INSERT OVERWRITE main.sales.x SELECT * FROM main.sales.y"));
        assertEquals(StatementTables.NONE, StatementTables.of("-- redacted in the fixture"));
        assertEquals(StatementTables.NONE, StatementTables.of(null));
        assertEquals(StatementTables.NONE, StatementTables.of("SELECT 1 FROM t WHERE a IN (" + "1,".repeat(StatementTables.MAX_TEXT) + "1)"));
    }
}
