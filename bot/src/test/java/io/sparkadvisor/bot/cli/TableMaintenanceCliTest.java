package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code analyze --table-maintenance}: corpus runs and a serverless run whose tables predictive optimization maintains. */
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

    /**
     * The tables a serverless run's statements read are named from their text; the one the small-files statement reads is
     * under predictive optimization, so there is no OPTIMIZE and the finding says when Databricks last ran it.
     */
    @Test
    void aServerlessStatementsTableUnderPredictiveOptimizationGetsNoOptimize() {
        String nightly = ServerlessFixtures.path("nightly-orders").toString();
        CliTest.Result plain = CliTest.run("analyze", "--query-history", nightly);
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.out().contains("OPTIMIZE main.sales.orders_raw;"), plain.out());
        CliTest.Result maintained = CliTest.run("analyze", "--query-history", nightly, "--table-maintenance",
                Corpus.dir().resolve("table-maintenance/orders-predictive-optimization.json").toString());
        assertEquals(0, maintained.code(), maintained.err());
        assertTrue(maintained.out().contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-11-28T05:52:30Z"), maintained.out());
        assertFalse(maintained.out().contains("OPTIMIZE main.sales.orders_raw"), maintained.out());
        assertFalse(maintained.out().contains("order_date"), "no statement text is shown: " + maintained.out());
    }

    /**
     * broad-listing on delta-path-read, whose Delta read (file:/tmp/h-delta/corpus-work/delta-small, and its _delta_log)
     * is the root of the managed table the fixture registers: with its floors at zero (no local log lists slowly enough)
     * and the layout finding held back, it fires, and under predictive optimization it has no OPTIMIZE.
     */
    @Test
    void broadListingOnAPathReadOfAMaintainedTableGetsNoOptimize() {
        String[] listing = {"analyze", Corpus.log("delta-path-read").toString(), "--set", "broad-listing.minDiscoveryMs=0", "--set",
                "broad-listing.minDiscoveryShare=0", "--set", "delta-file-layout.minFiles=100000000"};
        CliTest.Result plain = CliTest.run(listing);
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.out().contains("rule broad-listing"), plain.out());
        assertTrue(plain.out().contains("OPTIMIZE delta.`file:/tmp/h-delta/corpus-work/delta-small`"), plain.out());
        CliTest.Result r = CliTest.run(Stream.concat(Arrays.stream(listing), Stream.of("--table-maintenance",
                Corpus.dir().resolve("table-maintenance/events-predictive-optimization.json").toString())).toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("rule broad-listing"), r.out());
        assertTrue(r.out().contains("Databricks compacts it with OPTIMIZE itself, last finished at 2026-12-02T03:10:00Z"), r.out());
        assertFalse(r.out().contains("OPTIMIZE delta.`"), r.out());
    }

    @Test
    void aFileThatIsNotJsonIsOneLineAndExitTwo() {
        CliTest.Result r = analyze("README.md");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("is not JSON"), r.err());
    }
}
