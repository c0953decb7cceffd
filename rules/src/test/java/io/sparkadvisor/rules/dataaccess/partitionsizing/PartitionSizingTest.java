package io.sparkadvisor.rules.dataaccess.partitionsizing;

import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.finding;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.number;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.sqlMetric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.StagePartitions;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartitionSizingTest {
    private static final long MB = FileSplits.MB;
    private static final String RULE = PartitionSizingRule.ID;

    @Test
    void largeFilesAtTheDefaultSplitGet32MbSplits() {
        Finding f = finding("large-files-default", RULE).orElseThrow();
        assertEquals(Severity.MEDIUM, f.severity());
        assertEquals(3, number(f, "tasks"));
        assertEquals(2, number(f, "slots"));
        assertEquals(sqlMetric("large-files-default", "Scan parquet / size of files read"), number(f, "inputBytes"));
        assertEquals(3, number(f, "inputFiles"));
        assertEquals(0.25, (double) f.evidence().get("idleSlotShare"));
        assertEquals(128 * MB, number(f, "maxPartitionBytes"));
        assertEquals(32 * MB, number(f, "proposedMaxPartitionBytes"));
        // large-files-32mb is the same read at 32 MB: one partial-aggregate row per task it ran
        assertEquals(sqlMetric("large-files-32mb", "HashAggregate / number of output rows"), number(f, "predictedTasks"));
        assertEquals(11, number(f, "predictedTasks"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals(new Change("spark_conf", "spark.sql.files.maxPartitionBytes", String.valueOf(32 * MB)), change);
    }

    @Test
    void oneCoalescedTaskOnFourSlotsIsHigh() {
        Finding f = finding("too-few-partitions", RULE).orElseThrow();
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(1, number(f, "tasks"));
        assertEquals(4, number(f, "slots"));
        assertEquals(0.75, (double) f.evidence().get("idleSlotShare"));
        assertEquals(1, number(f, "coalescePartitions"));
        assertEquals(12, number(f, "proposedPartitions"));
        assertEquals(0, number(f, "proposedMaxPartitionBytes"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("code", change.scope());
        assertTrue(change.value().contains("repartition(12)"), change.value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"large-files-32mb", "healthy", "broad-listing", "skew", "small-files"})
    void silentWhereTasksOutnumberTheSlotsOrStagesAreShort(String scenario) {
        assertTrue(finding(scenario, RULE).isEmpty());
    }

    @Test
    void askingForOneTaskPerSlotSilencesLargeFiles() {
        assertTrue(finding("large-files-default", RULE, Map.of("partition-sizing.minTasksPerSlot", "1")).isEmpty());
    }

    @Test
    void theOldKeyOfTasksPerSlotStillWorks() {
        assertTrue(finding("large-files-default", RULE, Map.of("partitionSizing.minTasksPerSlot", "1")).isEmpty());
    }

    @Test
    void proposalAimsAtTargetTasksPerSlotInPowerOfTwoMegabytes() {
        PartitionSizingEvidence e = evidence(3, 2, 332 * MB, 3, new FileSplits(128 * MB, 4 * MB, 1));
        // 332 MB / (3 x 2 slots) = 55 MB -> 32 MB
        assertEquals(32 * MB, e.proposedMaxPartitionBytes());
        assertEquals(32 * MB, proposedMaxPartitionBytes(e, 3, 16 * MB));
        // never below the floor, and 0 when the split in force is already that small
        assertEquals(16 * MB, proposedMaxPartitionBytes(e, 100, 16 * MB));
        assertEquals(0, proposedMaxPartitionBytes(evidence(3, 2, 332 * MB, 3, new FileSplits(32 * MB, 4 * MB, 1)), 3, 16 * MB));
        assertEquals(0, proposedMaxPartitionBytes(evidence(1, 4, 0, 0, new FileSplits(128 * MB, 4 * MB, 4)), 3, 16 * MB));
    }

    @Test
    void lastWaveLeavesSlotsIdle() {
        assertEquals(0.25, PartitionSizingEvidence.lastWaveIdleShare(3, 2));
        assertEquals(0.75, PartitionSizingEvidence.lastWaveIdleShare(1, 4));
        assertEquals(0.0, PartitionSizingEvidence.lastWaveIdleShare(8, 2));
    }

    @Test
    void spanIgnoresTimeWaitingForAnotherStagesSlots() {
        // 2 tasks (max 1.1 s) on 2 slots in a stage open for 10 s: its own tasks kept it running 1.1 s
        assertEquals(1_121, PartitionSizingEvidence.span(10_202, 2, 2, 1_121, 190));
        // 3 equal tasks on 2 slots: two waves
        assertEquals(20_000, PartitionSizingEvidence.span(25_000, 3, 2, 10_000, 10_000));
    }

    @Test
    void manyTinyShuffleTasksGetATenthOfTheShufflePartitions() {
        var e = PartitionSizingEvidence.of(7, 8, 30_000, 30_000, 120, 0, 0, true, -1, new FileSplits(128 * MB, 4 * MB, 8),
                60_000, PartitionSizingKind.TOO_MANY_TASKS, new StagePartitions(7, 6_000, 1L << 30, 6_000, 720_000, 30_000, 1, -1, true),
                false, true, Thresholds.defaults());
        Remedy f = PartitionSizingAdvice.remedy(e, Diagnosis.of(e, Severity.MEDIUM, PartitionSizingKind.TOO_MANY_TASKS),
                Thresholds.defaults());
        assertEquals(600, e.proposedPartitions());
        assertEquals(new Change("spark_conf", "spark.sql.shuffle.partitions", "600"),
                f.recommendation().steps().get(0).changes().get(0));
    }

    private static PartitionSizingEvidence evidence(int tasks, int slots, long bytes, long files, FileSplits splits) {
        return PartitionSizingEvidence.of(0, slots, 10_000, 10_000, 10_000, bytes, files, false, -1, splits, 20_000,
                PartitionSizingKind.TOO_FEW_TASKS, new StagePartitions(0, tasks, bytes, 0, tasks * 10_000L, 10_000, 1, -1, true),
                false, true, Thresholds.defaults());
    }

    private static long proposedMaxPartitionBytes(PartitionSizingEvidence e, double targetTasksPerSlot, long minSplitBytes) {
        return PartitionSizingEvidence.splitFor(e.inputBytes(), e.inputFiles(), e.slots(), e.splits(), targetTasksPerSlot,
                minSplitBytes, MB);
    }
}
