package io.sparkadvisor.rules.dataaccess.partitionsizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RealLogs;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Partition advice that looks at the stage, on real logs written by others: the count comes from the stage's own bytes,
 * files and work and from the code's own repartition, never from the slots alone.
 */
class PartitionSizingOnRealLogsTest {
    private static final String RULE = PartitionSizingRule.ID;

    @Test
    void aStageThatReadFourKilobytesGetsNoRepartition() {
        // nds_q66 on YARN: stage 31 read 4,232 bytes (22 rows) in one task of 12 s, of which 543 ms ran; 128 slots.
        RunFacts q66 = RealLogs.facts(RealLogs.RAPIDS_PROFILING + "nds_q66_gpu.zstd");
        PartitionSizingEvidence stage31 = tooFew(q66, 31);
        assertEquals(4_232, stage31.inputBytes());
        assertEquals(0, stage31.proposedPartitions(), "4 KB justify no partition of 1 MB");
        assertEquals(1, stage31.predictedTasks());
        assertTrue(findings(q66).stream().noneMatch(f -> stageOf(f) == 31), findings(q66).toString());
    }

    @Test
    void aDeliberateMaxPartitionBytesIsNamed() {
        // nds_q66's job sets spark.sql.files.maxPartitionBytes=2gb for its GPU reads: stage 36 read 4.2 GiB in 159 tasks
        // on 128 slots; the advice keeps the split and names it.
        Finding f = onStage(RealLogs.facts(RealLogs.RAPIDS_PROFILING + "nds_q66_gpu.zstd"), 36);
        assertEquals(true, f.evidence().get("maxPartitionBytesSetByJob"));
        assertTrue(f.recommendation().summary().contains("The job sets spark.sql.files.maxPartitionBytes to 2.0 GiB"),
                f.recommendation().summary());
    }

    @ParameterizedTest
    @ValueSource(strings = {"eventlog_v2_spark-110be3a8424d4a2789cb88134418217b", "eventlog_v2_spark-cc4d115f011443d787f03a71a476a745"})
    void theCodesOwnRepartitionIsChangedNotAddedTo(String log) {
        // kubeflow's taxi job writes through repartition(2) (RoundRobinPartitioning(2), REPARTITION_BY_NUM): stage 7 runs
        // those 2 partitions, 5.0 GiB of shuffle, on 4 slots.
        Finding f = onStage(RealLogs.facts(RealLogs.KUBEFLOW_EVENTS + log), 7);
        assertEquals(2L, ((Number) f.evidence().get("repartitionInCode")).longValue());
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals(new Change("code", "repartition(2) -> repartition(12)", change.value()), change);
        assertTrue(change.value().contains("was: repartition(2)"), change.value());
        assertTrue(f.recommendation().summary().contains("Change that repartition(2) to repartition(12)"), f.recommendation().summary());
    }

    @Test
    void oneSmallFileIsNotSplitFurther() {
        // nds_q88 on Databricks 13.3 Photon: stage 38 read one file of 1.1 MiB; a 16 MiB split still gives one task.
        RunFacts q88 = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/nds_q88_photon_db_13_3.zstd"));
        PartitionSizingEvidence stage38 = tooFew(q88, 38);
        assertEquals(1, stage38.inputFiles());
        assertEquals(0, stage38.proposedMaxPartitionBytes());
        assertEquals(1, stage38.predictedTasks());
        assertTrue(findings(q88).isEmpty(), findings(q88).toString());
    }

    @Test
    void aStragglerStageIsNotAPartitionCountProblem() {
        // Stage 9: six tasks, median 682 ms, one of 15.8 s; it read no input.
        RunFacts alloc = RealLogs.facts(RealLogs.RAPIDS_QUALIFICATION + "cluster_information/eventlog_4nodes_8cores_dynamic_alloc.zstd");
        assertTrue(tooFew(alloc, 9).maxToMedian() > 20);
        assertTrue(findings(alloc).stream().noneMatch(f -> stageOf(f) == 9), findings(alloc).toString());
    }

    @Test
    void anMlLibraryStageGetsAStepByHandNotCodeInTheLibrary() {
        // xgboost on DBR 10.4 ML: stage 8 is `map at BinaryClassificationMetrics` (RDD code, no SQL plan), 17 tasks of about
        // 85 s on 16 slots: the 17th runs alone. It fires, and says where the partitions come from.
        Finding f = onStage(RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/xgboost_eventlog.zstd")), 8);
        assertEquals(false, f.evidence().get("sqlPlan"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("manual", change.scope());
        assertFalse(change.applicable());
    }

    @Test
    void aFailedStageCutIntoManyTasksIsNotCalledTooFew() {
        // gpu_oom: stage 31 was cut into 141 tasks on 32 slots; 23 succeeded before the GPU ran out of memory.
        RunFacts oom = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/gpu_oom_eventlog.zstd"));
        assertEquals(141, tooFew(oom, 31).tasks());
        assertTrue(findings(oom).stream().noneMatch(f -> stageOf(f) == 31), findings(oom).toString());
    }

    @Test
    void aSplitSizedForOneOfManyScansIsSetForItsQueryOnly() {
        // nds_q72 on Dataproc: stage 46 read 5.1 GiB of the job's scans in 131 tasks on 128 slots; the job's other scans
        // read most of its bytes, so a 16 MiB split goes to that query, not to every scan of the job.
        Finding f = onStage(RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/nds_q72_dataproc_2_2.zstd")), 46);
        assertEquals(false, f.evidence().get("jobWide"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("code", change.scope());
        assertTrue(change.value().startsWith("spark.conf.set(\"spark.sql.files.maxPartitionBytes\", \"16777216\")"), change.value());
    }

    private static PartitionSizingEvidence tooFew(RunFacts facts, int stageId) {
        return PartitionSizingEvidence.of(new RunView(facts), Thresholds.defaults()).stream()
                .filter(e -> e.stageId() == stageId && e.proposal() == PartitionSizingKind.TOO_FEW_TASKS).findFirst().orElseThrow();
    }

    private static List<Finding> findings(RunFacts facts) {
        return RuleTesting.advise(facts, Map.of()).findings().stream().filter(f -> f.rule().equals(RULE)).toList();
    }

    private static Finding onStage(RunFacts facts, int stageId) {
        return findings(facts).stream().filter(f -> stageOf(f) == stageId).findFirst().orElseThrow();
    }

    private static long stageOf(Finding f) {
        return ((Number) f.evidence().get("stageId")).longValue();
    }
}
