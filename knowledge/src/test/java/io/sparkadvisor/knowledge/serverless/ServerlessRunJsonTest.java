package io.sparkadvisor.knowledge.serverless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ServerlessRunJsonTest {
    @Test
    void readsARunFileOfTableRowsWithItsCostModeAndRecentRuns() {
        ServerlessRun run = ServerlessFixtures.run("nightly-orders");
        assertEquals("7311", run.jobId());
        assertEquals("880112", run.runId());
        assertEquals(PerformanceMode.PERFORMANCE_OPTIMIZED, run.mode());
        assertEquals(OptionalLong.empty(), run.durationAlertMs());
        assertFalse(run.continuous());
        assertEquals(6, run.statements().size());
        // Two usage records of the run, 106.8 DBUs at $0.35.
        assertEquals(106.8, run.dbus(), 1e-3);
        assertEquals(37.38, run.dollars(), 1e-3);
        assertEquals(7, run.recentRuns().size());
        assertEquals(3, run.recentRuns().stream().filter(r -> r.mode() == PerformanceMode.STANDARD).count());
        StatementFacts first = run.statements().get(0);
        // Values arrive as strings (Statement Execution's JSON_ARRAY); times as ISO timestamps.
        assertEquals(4213, first.readFiles());
        assertEquals(14_000, first.queueMs());
        assertEquals(612_000 - 14_000 - 2_400, first.executionMs());
        assertEquals(OptionalLong.empty(), first.photonMs(), "the system table records no Photon time");
        assertEquals(run.startMs() + 18_000, first.startMs());
        assertEquals(List.of("main.sales.orders_raw"), first.tables().read(), "parsed from its statement_text");
        assertEquals(List.of("main.sales.orders_daily"), first.tables().written());
        assertEquals(List.of("main.sales.orders_raw", "main.sales.orders_history", "main.sales.customer_updates", "main.sales.customers",
                "main.sales.orders_daily", "main.sales.line_items"), run.tablesRead());
        assertEquals(StatementTables.NONE, ServerlessFixtures.run("warehouse-query-history").statements().get(0).tables(),
                "query_text that is only a comment names no table");
        StatementFacts merge = run.statements().get(4);
        assertEquals((long) (9.3 * (1L << 30)), merge.spillBytes());
        // The run's cost shared by task time.
        double all = run.statements().stream().mapToLong(StatementFacts::taskMs).sum();
        assertEquals(run.dollars() * merge.taskMs() / all, run.dollarsOf(merge), 1e-9);
    }

    @Test
    void readsTheDurationHealthRule() {
        assertEquals(OptionalLong.of(1_080_000), ServerlessFixtures.run("hourly-ledger-healthy").durationAlertMs());
    }

    @Test
    void readsTheQueryHistoryApiWithPhotonAndQueueTimes() {
        ServerlessRun run = ServerlessFixtures.run("warehouse-query-history");
        assertEquals("", run.jobId());
        assertEquals(PerformanceMode.UNKNOWN, run.mode());
        assertEquals(0, run.dollars());
        StatementFacts first = run.statements().get(0);
        assertEquals(OptionalLong.of(4_100_000), first.photonMs());
        assertEquals(262_000 - 2, first.queueMs(), "from the overloading queue's start to compilation");
        assertEquals(0, run.statements().get(2).queueMs());
        assertEquals(run.statements().get(0).startMs(), run.startMs());
    }

    @Test
    void leavesOutStatementsThatDidNotFinish() {
        String rows = "[{\"statement_id\": \"a\", \"execution_status\": \"FAILED\", \"read_files\": \"9\"},"
                + " {\"statement_id\": \"b\", \"execution_status\": \"FINISHED\", \"read_files\": \"3\", \"start_time\": \"2026-11-30 02:00:00\"}]";
        List<StatementFacts> kept = ServerlessRunJson.parse(rows, "rows.json").statements();
        assertEquals(List.of("b"), kept.stream().map(StatementFacts::statementId).toList());
    }

    @Test
    void badInputNamesTheProblemAndTheShapesItTakes() {
        QueryHistoryException notJson = assertThrows(QueryHistoryException.class, () -> ServerlessRunJson.parse("{res", "q.json"));
        assertTrue(notJson.getMessage().startsWith("q.json is not JSON"), notJson.getMessage());
        assertTrue(notJson.getMessage().contains("include_metrics=true"), notJson.getMessage());
        QueryHistoryException shape = assertThrows(QueryHistoryException.class, () -> ServerlessRunJson.parse("{\"rows\": []}", "q.json"));
        assertTrue(shape.getMessage().contains("has none of res, statements or query_history"), shape.getMessage());
        QueryHistoryException time = assertThrows(QueryHistoryException.class,
                () -> ServerlessRunJson.parse("[{\"statement_id\": \"a\", \"start_time\": \"yesterday\"}]", "q.json"));
        assertTrue(time.getMessage().contains("\"yesterday\""), time.getMessage());
    }
}
