package io.sparkadvisor.rules.dataaccess.deltalayout;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static io.sparkadvisor.rules.RuleTesting.number;
import static io.sparkadvisor.rules.RuleTesting.silent;
import static io.sparkadvisor.rules.RuleTesting.withCluster;
import static io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures.maintained;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.dataaccess.TableMaintenanceFixtures;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** delta-file-layout on a table predictive optimization maintains: the delta-small-files corpus run with its table's metadata. */
class DeltaFileLayoutPredictiveTest {
    private static final String RULE = DeltaFileLayoutRule.ID;

    private static List<String> statements(Finding f) {
        return TableMaintenanceFixtures.statements(f.recommendation());
    }

    /** DBR 15.4 has liquid clustering: CLUSTER BY alone, which predictive optimization then keeps; no OPTIMIZE. */
    @Test
    void aTableUnderPredictiveOptimizationGetsNoOptimizeStepAndIsToldWhenItLastRan() {
        Finding f = fired(advise(maintained(withCluster("delta-small-files", "aws-i3-dedicated.json"),
                "events-predictive-optimization.json"), Map.of()), RULE);
        assertEquals(true, f.evidence().get("predictiveOptimization"));
        assertEquals(Instant.parse("2026-12-02T03:10:00Z").toEpochMilli(), (long) number(f, "lastOptimizeMs"),
                "the last successful COMPACTION: the failed one and the VACUUM after it do not count");
        assertTrue(statements(f).stream().noneMatch(s -> s.startsWith("OPTIMIZE")), statements(f).toString());
        assertEquals("ALTER TABLE spark_catalog.default.events CLUSTER BY (user_id)", statements(f).get(0));
        assertTrue(f.recommendation().summary().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-12-02T03:10:00Z"),
                f.recommendation().summary());
    }

    /** Without liquid clustering (local Spark), ZORDER would be the layout, but it is an OPTIMIZE: only the writer step is left. */
    @Test
    void withoutLiquidClusteringThereIsNoLayoutStepAtAll() {
        Finding f = fired(advise(maintained(Corpus.facts("delta-small-files"), "events-predictive-optimization.json"), Map.of()), RULE);
        assertTrue(statements(f).stream().noneMatch(s -> s.contains("OPTIMIZE spark_catalog") || s.contains("ZORDER")), statements(f).toString());
        assertEquals(1, f.recommendation().steps().size());
        assertTrue(statements(f).get(0).startsWith("ALTER TABLE spark_catalog.default.events SET TBLPROPERTIES"), statements(f).get(0));
    }

    @Test
    void predictiveOptimizationDisabledKeepsTheOptimizeStep() {
        Finding f = fired(advise(maintained(withCluster("delta-small-files", "aws-i3-dedicated.json"),
                "events-no-predictive-optimization.json"), Map.of()), RULE);
        assertEquals(false, f.evidence().get("predictiveOptimization"));
        assertEquals(List.of("ALTER TABLE spark_catalog.default.events CLUSTER BY (user_id)", "OPTIMIZE spark_catalog.default.events"),
                f.recommendation().steps().get(0).changes().stream().map(Change::value).toList());
    }

    @Test
    void theCompactedTableStaysSilentWithItsMetadata() {
        silent(advise(maintained(Corpus.facts("delta-optimized"), "events-predictive-optimization.json"), Map.of()), RULE);
    }
}
