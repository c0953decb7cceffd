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
        e.put("hotValueQuery", "SELECT market_id, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM " + format + ".`" + PATH
                + "` GROUP BY market_id ORDER BY rows DESC LIMIT 20");
        return e;
    }

    @Test
    void withoutAWarehouseTheReplyNamesTheSettingAndGivesTheQuery() {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), null), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("delta");
        emulator.clearRequests();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, line -> { }));

        assertTrue(told.text().contains("set `DATABRICKS_WAREHOUSE_ID`"), told.text());
        assertTrue(told.text().contains((String) e.get("hotValueQuery")), told.text());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void aDeltaTableReadByPathIsCountedThroughDeltaAndItsGrantIsOnTheFiles() throws Exception {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("delta");
        emulator.clearRequests();
        emulator.onStatement("delta.`" + PATH + "`", StatementScript.lacksSelectOn(PATH));
        List<String> notes = new ArrayList<>();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, notes::add));

        var sent = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body());
        assertEquals(e.get("hotValueQuery"), sent.path("statement").asText());
        assertTrue(told.text().contains("GRANT READ FILES ON EXTERNAL LOCATION <the location holding " + PATH + ">"), told.text());
        assertEquals(1, notes.size(), "the warehouse was running: one note, that the count started");
    }

    @Test
    void parquetFilesAreNotReadByTheWarehouseTheirQueryIsGivenToCopy() {
        var lookup = new HotValueLookup(Workspaces.connect(emulator.client(), "wh-2"), Duration.ofSeconds(5));
        Map<String, Object> e = evidence("parquet");
        emulator.clearRequests();

        var told = assertInstanceOf(HotValueLookup.Told.class, lookup.run(HotValueSource.of(e), e, line -> { }));

        assertTrue(told.text().contains("parquet.`" + PATH + "`, which the SQL warehouse cannot read as a table"), told.text());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void valuesTheWarehouseReturnsBecomeSharesOfAllRows() {
        var top = new TopValues("k", List.of(new TopValues.Value("a", 380), new TopValues.Value(null, 12)), 1000, "STRING", false);
        assertEquals("38%", TopValues.percent(top.share(top.hot())));
        assertEquals("1.2%", TopValues.percent(top.share(top.values().get(1))));
        assertEquals("under 0.1%", TopValues.percent(0.0004));
        assertEquals("NULL", TopValues.shown(top.values().get(1).value()));
        assertEquals(0.012, top.shareOf(null).orElseThrow());
    }

    @Test
    void theBudgetIsASettingAndAMalformedOneIsNamed() {
        assertEquals(Duration.ofSeconds(300), HotValueLookup.budget(Map.of()));
        assertEquals(Duration.ofSeconds(90), HotValueLookup.budget(Map.of("SPARK_ADVISOR_HOT_VALUE_SECONDS", " 90 ")));
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.sparkadvisor.bot.cli.BadInputException.class,
                () -> HotValueLookup.budget(Map.of("SPARK_ADVISOR_HOT_VALUE_SECONDS", "5m")));
        assertTrue(e.getMessage().startsWith("SPARK_ADVISOR_HOT_VALUE_SECONDS is malformed"), e.getMessage());
    }
}
