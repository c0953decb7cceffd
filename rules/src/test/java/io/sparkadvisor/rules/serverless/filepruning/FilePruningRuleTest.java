package io.sparkadvisor.rules.serverless.filepruning;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.knowledge.tables.TableMaintenanceFile;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilePruningRuleTest {
    @Test
    void firesOnTheInsertThatReadFourThousandSmallFiles() {
        Finding f = ServerlessRuns.finding(NIGHTLY, FilePruningRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("01f0c2a1-7d3e-1b4a-9c55-3e8f2a6d0b11", f.evidence().get("statementId"));
        assertEquals(4213L, f.evidence().get("readFiles"));
        assertTrue(f.title().contains("4,213 files"), f.title());
        // 4,213 opens of 4 MiB against 8.6 GiB read: two thirds of the statement's work.
        double opens = 4213.0 * (4 << 20);
        double share = opens / (opens + (long) (8.6 * (1L << 30)));
        assertEquals(Math.round((612_000 - 14_000 - 2_400) * share), f.savings().runtimeMs(), 1);
        assertTrue(f.savings().dollars() > 0);
        Change compact = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("table", compact.scope());
        assertFalse(compact.applicable(), "OPTIMIZE is a statement people run");
    }

    @Test
    void fullReadsThatKeepATinyShareAreTheOtherKind() {
        Finding f = ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, Map.of(FilePruningRule.MIN_FILES.key(), "5000")),
                FilePruningRule.ID).orElseThrow();
        assertEquals(0L, f.evidence().get("prunedFiles"));
        assertTrue((double) f.evidence().get("shareKept") < 0.01);
        assertTrue(f.title().contains("with no file pruned"), f.title());
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
    }

    @Test
    void namesTheTableTheStatementReadsInItsOptimize() {
        Finding f = ServerlessRuns.finding(NIGHTLY, FilePruningRule.ID).orElseThrow();
        assertEquals("main.sales.orders_raw", f.evidence().get("table"));
        assertTrue(f.title().endsWith("from main.sales.orders_raw"), f.title());
        assertEquals("OPTIMIZE main.sales.orders_raw; -- or ALTER TABLE main.sales.orders_raw SET TBLPROPERTIES"
                + " ('delta.autoOptimize.autoCompact' = 'true') so its writers keep files large",
                f.recommendation().steps().get(0).changes().get(0).value());
        assertFalse(String.join("\n", TableMaintenanceFixtures.statements(f.recommendation())).contains("<the table"));
        assertFalse(f.title().contains("order_date") || f.recommendation().summary().contains("SELECT"), "no statement text is shown");
        assertTrue(f.recommendation().experiment().startsWith("OPTIMIZE a copy of main.sales.orders_raw"), f.recommendation().experiment());
    }

    @Test
    void aTablePredictiveOptimizationMaintainsGetsNoOptimizeAndSaysWhenItRan() {
        Finding f = ServerlessRuns.finding(ServerlessRuns.advise(maintained(), Map.of()), FilePruningRule.ID).orElseThrow();
        assertEquals(true, f.evidence().get("predictiveOptimization"));
        assertTrue(f.recommendation().summary().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-11-28T05:52:30Z"),
                f.recommendation().summary());
        List<String> statements = TableMaintenanceFixtures.statements(f.recommendation());
        assertEquals(List.of("ALTER TABLE main.sales.orders_raw SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true',"
                + " 'delta.autoOptimize.autoCompact' = 'true')"), statements);
        assertTrue(f.recommendation().preconditions().stream().noneMatch(p -> p.contains("does not already compact")),
                f.recommendation().preconditions().toString());
        assertTrue(f.recommendation().experiment().startsWith("Turn on auto compaction on a copy of main.sales.orders_raw"),
                "the check before the change has no OPTIMIZE to run either: " + f.recommendation().experiment());
    }

    @Test
    void aFullReadOfAMaintainedTableIsClusteredWithoutOptimize() {
        Map<String, String> fullReads = Map.of(FilePruningRule.MIN_FILES.key(), "5000");
        Finding plain = ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, fullReads), FilePruningRule.ID).orElseThrow();
        assertEquals("main.sales.orders_history", plain.evidence().get("table"));
        assertTrue(TableMaintenanceFixtures.statements(plain.recommendation()).get(0)
                .endsWith("ALTER TABLE main.sales.orders_history CLUSTER BY (<the filtered column>); OPTIMIZE main.sales.orders_history;"));
        Finding po = ServerlessRuns.finding(ServerlessRuns.advise(maintained(), fullReads), FilePruningRule.ID).orElseThrow();
        String snippet = TableMaintenanceFixtures.statements(po.recommendation()).get(0);
        assertTrue(snippet.endsWith("ALTER TABLE main.sales.orders_history CLUSTER BY (<the filtered column>);"), snippet);
        assertFalse(snippet.contains("OPTIMIZE"), snippet);
        assertTrue(po.recommendation().summary().contains("clusters it by its clustering columns itself: there is no OPTIMIZE"),
                po.recommendation().summary());
    }

    @Test
    void aStatementOfSeveralTablesListsThemAndLooksNoneUp() {
        Thresholds t = Thresholds.defaults();
        FilePruningEvidence e = FilePruningEvidence.of(new RunView(maintained()), t).stream()
                .filter(x -> x.statementId().equals("01f0c2a1-9c0b-1a48-92e7-5f3c8b1d2e66")).findFirst().orElseThrow();
        assertEquals("", e.table());
        assertEquals(List.of("main.sales.orders_daily", "main.sales.line_items"), e.tablesRead());
        assertFalse(e.predictiveOptimization(), "no single table to look up");
        String compact = FilePruningAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH, FilePruningKind.SMALL_FILES), t).recommendation()
                .steps().get(0).changes().get(0).value();
        assertTrue(compact.startsWith("OPTIMIZE <the table statement 01f0c2a1-9c0b-1a48-92e7-5f3c8b1d2e66 reads: one of"
                + " main.sales.orders_daily, main.sales.line_items>;"), compact);
    }

    /** The nightly run with its tables as Unity Catalog and predictive optimization describe them. */
    private static ServerlessRun maintained() {
        return ServerlessFixtures.run(NIGHTLY).withTableMaintenance(TableMaintenanceFile.read(
                Corpus.dir().resolve("table-maintenance/orders-predictive-optimization.json")));
    }

    @Test
    void silentOnAHealthyRunThatPrunesAndReadsLargeFiles() {
        assertTrue(ServerlessRuns.finding(HEALTHY, FilePruningRule.ID).isEmpty());
    }
}
