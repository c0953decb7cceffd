package io.sparkadvisor.bot.hotvalue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The lookup against the Databricks emulator, for the sources and settings the corpus runs do not show. */
class HotValueLookupTest {
    private static final String PATH = "s3://lake/sales";
    private static WorkspaceEmulator emulator;

    @BeforeAll
    static void start() {
        emulator = WorkspaceEmulator.start(null);
    }

    @AfterAll
    static void stop() {
        emulator.close();
    }

    /** A skew finding's evidence over a table read by path in {@code format}. */
    private static Map<String, Object> evidence(String format) {
        Map<String, Object> e = new HashMap<>();
        e.put("partitionKeys", List.of("market_id"));
        e.put("tableFormat", format);
        e.put("sourceTable", "");
        e.put("sourcePath", PATH);
        return e;
    }

    /** The query over the Delta path, every identifier quoted. */
    private static final String PATH_QUERY = "SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `delta`.`" + PATH
            + "` GROUP BY `market_id` ORDER BY rows DESC LIMIT 20";

    /** A skew finding's evidence over a table read by its catalog name. */
    private static Map<String, Object> table(String name) {
        Map<String, Object> e = evidence("delta");
        e.put("sourceTable", name);
        e.put("sourcePath", "");
        return e;
    }

    @Test
    void withoutAWarehouseTheReplyNamesTheSettingAndGivesTheQuery() {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), null), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("delta");
        emulator.clearRequests();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, line -> { }));

        assertTrue(told.text().contains("set `DATABRICKS_WAREHOUSE_ID`"), told.text());
        assertTrue(told.text().contains(PATH_QUERY), told.text());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void aDeltaTableReadByPathIsCountedThroughDeltaAndItsGrantIsOnTheFiles() throws Exception {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("delta");
        emulator.clearRequests();
        emulator.onStatement("`delta`.`" + PATH + "`", StatementScript.lacksSelectOn(PATH));
        List<String> notes = new ArrayList<>();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, notes::add));

        var sent = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body());
        assertEquals(PATH_QUERY, sent.path("statement").asText());
        assertEquals(List.of(), emulator.requests().stream().filter(r -> r.path().contains("unity-catalog")).toList(),
                "a path is the scan's own Location: no catalog name to resolve");
        assertTrue(told.text().contains("GRANT READ FILES ON EXTERNAL LOCATION <the location holding " + PATH + ">"), told.text());
        assertEquals(1, notes.size(), "the warehouse was running: one note, that the count started");
    }

    @Test
    void parquetFilesAreNotReadByTheWarehouseTheirQueryIsGivenToCopy() {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("parquet");
        emulator.clearRequests();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, line -> { }));

        assertTrue(told.text().contains("`parquet`.`" + PATH + "`, which the SQL warehouse cannot read as a table"), told.text());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void aTableIsCountedUnderTheNameUnityCatalogGivesIt() throws Exception {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        emulator.addTable("main.sales.orders", "DELTA", "s3://lake/orders");
        emulator.addTable("spark_catalog.default.markets", "DELTA", "s3://lake/markets");
        emulator.onStatement("`main`.`sales`.`orders`", StatementScript.lacksSelectOn("main.sales.orders"));
        emulator.onStatement("`spark_catalog`.`default`.`markets`", StatementScript.lacksSelectOn("markets"));
        emulator.clearRequests();

        lookup.run(HotValueSource.of(table("Main.`Sales`.ORDERS")), table("Main.`Sales`.ORDERS"), line -> { });
        lookup.run(HotValueSource.of(table("default.markets")), table("default.markets"), line -> { });

        List<String> asked = emulator.requests().stream().filter(r -> r.path().startsWith("/api/2.1/unity-catalog/tables/"))
                .map(r -> r.path().substring("/api/2.1/unity-catalog/tables/".length())).toList();
        assertEquals(List.of("Main.Sales.ORDERS", "spark_catalog.default.markets"), asked, "a two-part name is the session catalog's");
        List<String> sent = new ArrayList<>();
        for (var r : emulator.requests("POST", "/api/2.0/sql/statements")) {
            sent.add(new ObjectMapper().readTree(r.body()).path("statement").asText());
        }
        assertEquals(List.of("SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `main`.`sales`.`orders`"
                + " GROUP BY `market_id` ORDER BY rows DESC LIMIT 20", "SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS"
                + " all_rows FROM `spark_catalog`.`default`.`markets` GROUP BY `market_id` ORDER BY rows DESC LIMIT 20"), sent);
    }

    @Test
    void aTableUnityCatalogDoesNotKnowRunsNothingAndSaysSo() {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        Map<String, Object> e = table("main.sales.refunds");
        emulator.clearRequests();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, line -> { }));

        assertTrue(told.text().contains("Unity Catalog knows no table `main.sales.refunds`"), told.text());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
        assertEquals(java.util.Optional.empty(), lookup.again(HotValueSource.of(e)), "nor does the follow-up's recount");
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void valuesTheWarehouseReturnsBecomeSharesOfAllRows() {
        var top = new TopValues("k", List.of(new TopValues.Value("a", 380), new TopValues.Value(null, 12)), 1000, "STRING", false);
        assertEquals("38%", TopValues.percent(top.share(top.hot())));
        assertEquals("1.2%", TopValues.percent(top.share(top.values().get(1))));
        assertEquals("under 0.1%", TopValues.percent(0.0004));
        assertEquals("NULL", TopValues.shown(top.values().get(1).value()));
        assertEquals(0.012, top.share(top.first(v -> v == null).orElseThrow()));
    }

    @Test
    void theBudgetIsASettingAndAMalformedOneIsNamed() {
        assertEquals(Duration.ofSeconds(300), HotValueLookup.budget(Map.of()));
        assertEquals(Duration.ofSeconds(90), HotValueLookup.budget(Map.of("SPARK_ADVISOR_HOT_VALUE_SECONDS", " 90 ")));
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.sparkadvisor.bot.config.BadInputException.class,
                () -> HotValueLookup.budget(Map.of("SPARK_ADVISOR_HOT_VALUE_SECONDS", "5m")));
        assertTrue(e.getMessage().startsWith("SPARK_ADVISOR_HOT_VALUE_SECONDS is malformed"), e.getMessage());
    }
}
