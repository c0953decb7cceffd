package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import org.junit.jupiter.api.Test;

/** {@code analyze --table-maintenance}: the delta-small-files corpus run, its table under predictive optimization. */
class TableMaintenanceCliTest {
    private static CliTest.Result analyze(String file) {
        return CliTest.run("analyze", Corpus.log("delta-small-files").toString(),
                "--cluster", Corpus.dir().resolve("clusters/aws-i3-dedicated.json").toString(),
                "--table-maintenance", Corpus.dir().resolve("table-maintenance").resolve(file).toString());
    }

    @Test
    void aTableUnderPredictiveOptimizationGetsNoOptimize() {
        CliTest.Result r = analyze("events-predictive-optimization.json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-12-02T03:10:00Z"), r.out());
        assertFalse(r.out().contains("OPTIMIZE spark_catalog.default.events"), r.out());
        assertTrue(r.out().contains("ALTER TABLE spark_catalog.default.events CLUSTER BY (user_id)"), r.out());
    }

    @Test
    void withoutItTheOptimizeStepStays() {
        CliTest.Result r = analyze("events-no-predictive-optimization.json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("OPTIMIZE spark_catalog.default.events"), r.out());
    }

    @Test
    void aFileThatIsNotJsonIsOneLineAndExitTwo() {
        CliTest.Result r = analyze("README.md");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("is not JSON"), r.err());
    }
}
