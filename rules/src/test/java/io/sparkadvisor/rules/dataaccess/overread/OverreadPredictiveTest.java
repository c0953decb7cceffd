package io.sparkadvisor.rules.dataaccess.overread;

import static io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures.maintained;
import static io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures.statements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import org.junit.jupiter.api.Test;

/**
 * overread's layout step on the Delta table of the delta-small-files corpus run (read as Parquet files of a Delta table)
 * with the table's metadata: overread does not fire on that run (its filter keeps most rows), so its remedy for the
 * Delta scan is read directly. Local Spark has no liquid clustering; the run on a DBR 15.4 cluster has.
 */
class OverreadPredictiveTest {

    private static Recommendation advice(RunFacts facts, String fixture) {
        OverreadEvidence e = OverreadEvidence.of(new RunView(maintained(facts, fixture)), Thresholds.defaults()).stream()
                .filter(OverreadEvidence::deltaTable).findFirst().orElseThrow();
        assertEquals(fixture != null && fixture.equals("events-predictive-optimization.json"), e.predictiveOptimization());
        return OverreadAdvice.remedy(e, null, Thresholds.defaults()).recommendation();
    }

    @Test
    void underPredictiveOptimizationWithLiquidClusteringTheLayoutIsClusterByAlone() {
        Recommendation r = advice(RuleTesting.withCluster("delta-small-files", "aws-i3-dedicated.json"), "events-predictive-optimization.json");
        assertEquals(2, r.steps().size());
        assertEquals(1, r.steps().get(1).changes().size());
        assertTrue(statements(r).get(1).startsWith("ALTER TABLE delta.`") && statements(r).get(1).contains("CLUSTER BY"), statements(r).toString());
        assertTrue(statements(r).stream().noneMatch(s -> s.contains("OPTIMIZE")), statements(r).toString());
        assertTrue(r.summary().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-12-02T03:10:00Z"), r.summary());
    }

    @Test
    void underPredictiveOptimizationWithoutLiquidClusteringThereIsNoZorder() {
        Recommendation r = advice(Corpus.facts("delta-small-files"), "events-predictive-optimization.json");
        assertEquals(1, r.steps().size(), "only the filter the scan can push: " + statements(r));
        assertTrue(statements(r).stream().noneMatch(s -> s.contains("OPTIMIZE") || s.contains("ZORDER")), statements(r).toString());
        assertTrue(r.summary().contains("Z-ordering is an OPTIMIZE, so there is no layout step here"), r.summary());
    }

    @Test
    void withoutPredictiveOptimizationTheDeltaTableIsZorderedOrClusteredAndOptimized() {
        for (String fixture : new String[] {"events-no-predictive-optimization.json", null}) {
            Recommendation local = advice(Corpus.facts("delta-small-files"), fixture);
            assertTrue(statements(local).get(1).startsWith("OPTIMIZE delta.`") && statements(local).get(1).contains("ZORDER BY"),
                    statements(local).toString());
            Recommendation dbr = advice(RuleTesting.withCluster("delta-small-files", "aws-i3-dedicated.json"), fixture);
            assertTrue(statements(dbr).get(1).contains("CLUSTER BY") && statements(dbr).get(2).startsWith("OPTIMIZE delta.`"),
                    statements(dbr).toString());
            assertFalse(local.summary().contains("Predictive optimization"), local.summary());
        }
    }
}
