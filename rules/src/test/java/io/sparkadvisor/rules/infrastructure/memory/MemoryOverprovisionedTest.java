package io.sparkadvisor.rules.infrastructure.memory;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MemoryOverprovisionedTest {
    private static final String RULE = "memory-overprovisioned";

    /** The corpus runs last seconds; without the floor the share ladder decides, as it would on an hour-long run. */
    private static final Map<String, String> NO_DOLLAR_FLOOR = Map.of("general.minSavedDollarsPerRun", "0");

    @Test
    void aSixGigabyteHeapThatPeakedUnderOneGigabyte() {
        Finding f = finding(advise("memory-overprovisioned"), RULE).orElseThrow();
        long peak = Corpus.scenario("memory-overprovisioned").path("expect").path("peakJvmHeapBytes").asLong();
        assertEquals(6L << 30, (long) number(f, "allocatedBytes"));
        assertEquals(peak, (long) number(f, "peakHeapBytes"));
        long needed = (long) (peak * 1.25) + (300L << 20);
        assertEquals(needed, (long) number(f, "neededBytes"));
        assertEquals(Severity.LOW, f.severity()); // 6 GiB is more than 3x the need (high), but a smaller heap saves nothing quantified
        String proposed = (String) f.evidence().get("proposedMemory");
        assertEquals("spark.driver.memory", f.recommendation().steps().get(0).changes().get(0).key()); // local mode
        assertEquals(proposed, f.recommendation().steps().get(0).changes().get(0).value());
        assertTrue(proposed.endsWith("m") || proposed.endsWith("g"));
    }

    /**
     * The spill run on the same i3.xlarge workers peaked far below 24.9 GiB, yet its tasks spilled: less memory would
     * take execution memory from the tasks that spilled, so this rule gives way and spill cites it (the dollar floor
     * lifted so that it would otherwise stand).
     */
    @Test
    void aRunThatSpilledGetsNoAdviceToShrinkItsMemory() {
        RunFacts run = RuleTesting.withCluster("spill", "aws-i3-dedicated.json");
        var advice = advise(run, NO_DOLLAR_FLOOR);
        assertTrue(finding(advice, RULE).isEmpty(), "no smaller node type beside a spill finding");
        Finding spill = finding(advice, "spill").orElseThrow();
        assertTrue(String.valueOf(spill.evidence().get("supersedes")).contains(RULE), String.valueOf(spill.evidence()));
    }

    /**
     * On i3.xlarge workers (4 cores, 30.5 GB, 24.9 GB for the executor) the same peak fits a 16 GB 4-core type. The run
     * wrote shuffle files to the i3's local NVMe (and the disk cache is on there by default), so the cheapest priced type
     * that keeps local disk: m5d.xlarge, not m5.xlarge, 0.31 DBU and $0.1325 less per node-hour at list prices, 29% of the
     * cost. The cluster has no driver_node_type_id: the step pins the driver to i3.xlarge so that only the workers change.
     */
    @Test
    void onDatabricksItIsACheaperNodeTypeWithTheSameCoresLocalDiskAndItsPriceDifference() {
        RunFacts run = RuleTesting.withCluster("memory-overprovisioned", "aws-i3-dedicated.json");
        Finding f = finding(advise(run, NO_DOLLAR_FLOOR), RULE).orElseThrow();
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals(List.of("node_type_id=m5d.xlarge", "driver_node_type_id=i3.xlarge"),
                changes.stream().map(c -> c.key() + "=" + c.value()).toList());
        assertTrue(changes.stream().allMatch(Change::applicable), "catalogue types on dedicated classic compute: Approve may apply it");
        assertEquals("i3.xlarge", f.evidence().get("nodeType"));
        assertEquals(16.0, number(f, "proposedNodeMemoryGb"), 1e-9);
        assertEquals(1.0 - 0.69, number(f, "dbuPerHourSaved"), 1e-3);
        double perHour = (1.0 * 0.15 + 0.312) - (0.69 * 0.15 + 0.226);
        assertEquals(perHour, number(f, "dollarsPerHourSaved"), 1e-3);
        assertEquals(perHour / (0.15 + 0.312), number(f, "savedShare"), 1e-3);
        double hours = run.application().durationMs() / 3_600_000.0;
        assertEquals(perHour * 2 * hours, f.savings().dollars(), 1e-3, "two workers for the run's duration; the driver is kept");
        assertEquals(0, f.savings().nodeHours(), "as many nodes for as long: the saving is the price");
        assertEquals(Severity.MEDIUM, f.severity(), "29% of the workers' cost: above the medium rung (20%), under high (40%)");
        assertTrue(f.recommendation().summary().contains("m5d.xlarge (4 cores, 16.0 GiB)"), f.recommendation().summary());
        assertTrue(f.recommendation().summary().contains("The driver stays on i3.xlarge"), f.recommendation().summary());
    }

    /**
     * On r5.2xlarge workers with 1-core 40 GB executors set by hand the heap is far above the peak, but executor-packing
     * sets the heap together with the cores (one executor per node): one heap setting per run, the shape's.
     */
    @Test
    void givesWayToTheExecutorShape() {
        var advice = advise(RuleTesting.withCluster("memory-overprovisioned", "aws-r5-1core-40g-executors.json"), Map.of());
        silent(advice, RULE);
        Finding shape = finding(advice, "executor-packing").orElseThrow();
        assertTrue(String.valueOf(shape.evidence().get("supersedes")).contains(RULE), String.valueOf(shape.evidence()));
    }

    /** A driver of its own type is left alone: the step changes the workers only. */
    @Test
    void aDriverOfItsOwnTypeIsNotPinned() throws IOException {
        String cluster = """
                {"cluster_id": "own-driver", "spark_version": "15.4.x-scala2.12", "node_type_id": "i3.xlarge",
                 "driver_node_type_id": "r5.xlarge", "num_workers": 2, "data_security_mode": "SINGLE_USER",
                 "aws_attributes": {"availability": "ON_DEMAND"}}""";
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        RunFacts run = Corpus.facts("memory-overprovisioned").withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes)));
        Finding f = finding(advise(run, NO_DOLLAR_FLOOR), RULE).orElseThrow();
        assertEquals(List.of("node_type_id=m5d.xlarge"), f.recommendation().steps().get(0).changes().stream()
                .map(c -> c.key() + "=" + c.value()).toList());
    }

    /**
     * The corpus run lasts seconds: 29% of two workers' cost for that long is a fraction of a cent, under the dollar
     * floor, so no node type is proposed at all (the healthy run on i3 got a one-click m5.xlarge worth $0.003 before).
     */
    @Test
    void aRunThatSavesOnlyCentsGetsNoNodeTypeChange() {
        silent(advise(RuleTesting.withCluster("memory-overprovisioned", "aws-i3-dedicated.json"), Map.of()), RULE);
        silent(advise(RuleTesting.withCluster("healthy", "aws-i3-dedicated.json"), Map.of()), RULE);
        assertEquals(Severity.MEDIUM, finding(advise(RuleTesting.withCluster("memory-overprovisioned", "aws-i3-dedicated.json"),
                NO_DOLLAR_FLOOR), RULE).orElseThrow().severity());
    }

    /** The healthy run wrote shuffle files to the i3's NVMe: no type without local disk, whatever the floor. */
    @Test
    void theHealthyRunOnI3KeepsItsLocalDisk() {
        Finding f = finding(advise(RuleTesting.withCluster("healthy", "aws-i3-dedicated.json"), NO_DOLLAR_FLOOR), RULE).orElseThrow();
        assertTrue(f.recommendation().steps().stream().flatMap(s -> s.changes().stream())
                .noneMatch(c -> c.value().equals("m5.xlarge") || c.value().equals("c5.xlarge")), f.recommendation().toString());
    }

    /** x1e.xlarge has no list price here: no type can be shown to save anything, so no node type is proposed. */
    @Test
    void withoutAPriceNoNodeTypeIsProposed() throws IOException {
        String cluster = """
                {"cluster_id": "x1e", "spark_version": "15.4.x-scala2.12", "node_type_id": "x1e.xlarge", "num_workers": 2,
                 "data_security_mode": "SINGLE_USER", "aws_attributes": {"availability": "ON_DEMAND"}}""";
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        RunFacts run = Corpus.facts("memory-overprovisioned").withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes)));
        silent(advise(run, Map.of()), RULE);
        Finding f = finding(advise(run, NO_DOLLAR_FLOOR), RULE).orElseThrow();
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertFalse(change.applicable(), change.toString());
        assertEquals("manual", change.scope(), "no priced type to move to: c5.xlarge (unpriced) was proposed before");
        assertFalse(f.savings().any());
        assertTrue(f.severity().compareTo(Severity.LOW) <= 0, f.severity().toString());
    }

    /**
     * NDS q88 on Photon (DBR 13.3): a 5.3 GiB heap beside 15.8 GiB off-heap, where Photon works (peak 1.7 GiB). Both
     * count: the allocation is heap plus off-heap, the need their peaks, and the step is not a heap setting.
     */
    @Test
    void photonsOffHeapMemoryIsCounted() {
        RunFacts q88 = RuleTesting.realLog("NVIDIA__spark-rapids-tools/spark-events-qualification/nds_q88_photon_db_13_3.zstd");
        Finding f = finding(advise(q88, Map.of()), RULE).orElseThrow();
        assertEquals(16977494016L, (long) number(f, "offHeapBytes"));
        assertEquals((5397L << 20) + 16977494016L, (long) number(f, "allocatedBytes"));
        assertEquals(1863062290L, (long) number(f, "peakOffHeapBytes"));
        long needed = (long) ((number(f, "peakHeapBytes") + number(f, "peakOffHeapBytes")) * 1.25) + (300L << 20);
        assertEquals(needed, (long) number(f, "neededBytes"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("manual", change.scope(), change.toString());
    }

    @Test
    void aSmallerSavingThanTheMediumRungIsLow() {
        // 29% saved (m5d.xlarge against i3.xlarge)
        RunFacts run = RuleTesting.withCluster("memory-overprovisioned", "aws-i3-dedicated.json");
        Finding f = finding(advise(run, Map.of(RULE + ".mediumSavedShare", "0.5", RULE + ".highSavedShare", "0.6",
                "general.minSavedDollarsPerRun", "0")), RULE)
                .orElseThrow();
        assertEquals(Severity.LOW, f.severity(), "29% saved is under a 50% medium rung");
    }

    @Test
    void silentAtOrBelowTwoGigabytesAndWhenTheRatioFloorIsRaised() {
        silent(advise("healthy"), RULE); // 2 GiB heap: never called over-provisioned
        silent(advise(Corpus.facts("memory-overprovisioned"), Map.of("memory-overprovisioned.minAllocatedToNeeded", "10")), RULE);
        // the deprecated alias
        silent(advise(Corpus.facts("memory-overprovisioned"), Map.of("memoryOverprovisioned.minAllocatedToNeeded", "10")), RULE);
    }
}
