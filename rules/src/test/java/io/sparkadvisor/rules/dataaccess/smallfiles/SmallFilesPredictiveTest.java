package io.sparkadvisor.rules.dataaccess.smallfiles;

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
 * small-files' advice on the Delta table of the delta-small-files corpus run (4,000 tiny files) when its table's metadata
 * says predictive optimization maintains it: small-files gives way to delta-file-layout on that run, so its own remedy
 * for the scan is read directly, as SmallFilesTest does.
 */
class SmallFilesPredictiveTest {

    private static List<SmallFilesEvidence> deltaScans(String fixture) {
        var scans = SmallFilesEvidence.of(new RunView(maintained(Corpus.facts("delta-small-files"), fixture)), Thresholds.defaults()).stream()
                .filter(e -> e.tableFormat().equals("delta")).toList();
        assertFalse(scans.isEmpty());
        return scans;
    }

    private static Recommendation advice(SmallFilesEvidence e) {
        return SmallFilesAdvice.remedy(e, null, Thresholds.defaults()).recommendation();
    }

    @Test
    void aTableUnderPredictiveOptimizationGetsNoOptimizeStepAndIsToldWhenItLastRan() {
        for (SmallFilesEvidence e : deltaScans("events-predictive-optimization.json")) {
            assertTrue(e.predictiveOptimization());
            assertEquals(Instant.parse("2026-12-02T03:10:00Z").toEpochMilli(), e.lastOptimizeMs());
            Recommendation r = advice(e);
            assertTrue(statements(r).stream().noneMatch(s -> s.startsWith("OPTIMIZE")), statements(r).toString());
            assertEquals(1, r.steps().size());
            assertTrue(statements(r).get(0).contains("'delta.autoOptimize.autoCompact' = 'true'"), statements(r).toString());
            assertTrue(r.summary().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-12-02T03:10:00Z"), r.summary());
        }
    }

    @Test
    void predictiveOptimizationDisabledOrUnknownKeepsTheOptimizeStep() {
        for (String fixture : new String[] {"events-no-predictive-optimization.json", null}) {
            for (SmallFilesEvidence e : deltaScans(fixture)) {
                assertFalse(e.predictiveOptimization());
                Recommendation r = advice(e);
                assertEquals(2, r.steps().size());
                assertTrue(statements(r).get(0).startsWith("OPTIMIZE delta.`"), statements(r).toString());
                assertFalse(r.summary().contains("Predictive optimization"), r.summary());
            }
        }
    }
}
