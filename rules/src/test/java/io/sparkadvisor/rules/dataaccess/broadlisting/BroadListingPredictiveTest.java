package io.sparkadvisor.rules.dataaccess.broadlisting;

import static io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures.maintained;
import static io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures.statements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * broad-listing's advice on the Delta table of the delta-small-files corpus run (its data and its transaction log reads,
 * matched by the table's root) when the table's metadata says predictive optimization maintains it. The rule does not
 * fire on that local run (its snapshot loads fast), so its remedy for the scans is read directly.
 */
class BroadListingPredictiveTest {

    private static List<BroadListingEvidence> deltaScans(String fixture) {
        var scans = BroadListingEvidence.of(new RunView(maintained(Corpus.facts("delta-small-files"), fixture)), Thresholds.defaults()).stream()
                .filter(BroadListingEvidence::deltaTable).toList();
        assertFalse(scans.isEmpty());
        return scans;
    }

    private static Recommendation advice(BroadListingEvidence e) {
        return BroadListingAdvice.remedy(e, null, Thresholds.defaults()).recommendation();
    }

    @Test
    void aTableUnderPredictiveOptimizationGetsNoOptimizeStepAndIsToldWhenItLastRan() {
        for (BroadListingEvidence e : deltaScans("events-predictive-optimization.json")) {
            assertTrue(e.predictiveOptimization(), e.location());
            assertEquals(Instant.parse("2026-12-02T03:10:00Z").toEpochMilli(), e.lastOptimizeMs());
            Recommendation r = advice(e);
            assertTrue(statements(r).stream().noneMatch(s -> s.contains("OPTIMIZE delta")), statements(r).toString());
            assertEquals(1, r.steps().size());
            assertTrue(statements(r).get(0).contains("'delta.autoOptimize.autoCompact' = 'true'"), statements(r).toString());
            assertTrue(r.summary().contains("Databricks compacts it with OPTIMIZE itself, last finished at 2026-12-02T03:10:00Z"),
                    r.summary());
            assertTrue(r.preconditions().isEmpty(), "whether predictive optimization compacts it is known: " + r.preconditions());
        }
    }

    @Test
    void predictiveOptimizationDisabledOrUnknownKeepsTheOptimizeStep() {
        for (String fixture : new String[] {"events-no-predictive-optimization.json", null}) {
            for (BroadListingEvidence e : deltaScans(fixture)) {
                assertFalse(e.predictiveOptimization());
                Recommendation r = advice(e);
                assertTrue(statements(r).get(0).startsWith("OPTIMIZE delta.`"), statements(r).toString());
                assertFalse(r.summary().contains("Predictive optimization"), r.summary());
            }
        }
    }
}
