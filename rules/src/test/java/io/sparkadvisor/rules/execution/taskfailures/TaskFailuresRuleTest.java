package io.sparkadvisor.rules.execution.taskfailures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.rules.execution.FailureCause;
import io.sparkadvisor.rules.execution.taskfailures.TaskFailuresEvidence.Retries;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskFailuresRuleTest {
    /** kubeflow's Spark 4.1 history-server fixtures (real logs written by others, read in place). */
    private static final Path SPARK_41 = Path.of("..", "..", "shared", "real-logs", "kubeflow__mcp-apache-spark-history-server",
            "skills", "cli", "e2e", "spark-events");

    @Test
    void firesOnTheFailuresScenarioWithCountsByCause() {
        Finding f = Findings.of("task-failures", "task-failures").orElseThrow();
        int stageId = f.stageIds().get(0);
        int failed = Corpus.facts("task-failures").failures().stream().filter(x -> x.stageId() == stageId)
                .mapToInt(TaskFailureFacts::attempts).sum();
        int succeeded = Findings.stageOf(f, "task-failures").successfulTasks();

        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(failed, f.evidence().get("failedAttempts"));
        assertEquals(3, failed, "partitions 0, 3 and 6 fail their first attempt");
        assertEquals((double) failed / (failed + succeeded), (double) f.evidence().get("failureRate"), 0.001);
        // "simulated transient failure": a call that answers on the next attempt, as its retries did.
        assertEquals(Map.of("transient", 3), f.evidence().get("attemptsByCause"));
        assertEquals("transient", f.evidence().get("mainCause"));
        assertTrue(((String) f.evidence().get("firstFailure")).startsWith(
                "java.lang.IllegalStateException: simulated transient failure"), (String) f.evidence().get("firstFailure"));
        Findings.expectedStage("task-failures", stageId)
                .ifPresent(x -> assertEquals(x.path("failedTasks").asInt(), f.evidence().get("failedAttempts")));
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
        assertTrue(f.recommendation().steps().get(0).changes().get(0).value().contains("retry it with backoff"));
    }

    /** RAPIDS' GPU out-of-memory is a memory cause of the GPU, not a call to retry: fewer tasks share a GPU (4 -> 2). */
    @Test
    void aGpuOutOfMemoryGetsFewerTasksPerGpuNotARetry() {
        Finding f = RuleTesting.fired(RuleTesting.advise(external("gpu_oom_eventlog.zstd"), Map.of()), "task-failures");
        assertEquals("gpuOutOfMemory", f.evidence().get("mainCause"));
        assertTrue(((String) f.evidence().get("firstFailure")).startsWith("com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM"));
        Change first = f.recommendation().steps().get(0).changes().get(0);
        assertEquals(new Change("spark_conf", "spark.rapids.sql.concurrentGpuTasks", "2"), first);
        assertNoRetryAdvice(f);
    }

    /** tasks_executors_fail: lost executors, resubmitted map tasks and a fetch failure failed stage 238 and its job. */
    @Test
    void aStageFailedByLostExecutorsIsNotToldToRetryACall() {
        Finding f = RuleTesting.fired(RuleTesting.advise(external("tasks_executors_fail_compressed_eventlog.zstd"), Map.of()),
                "task-failures");
        assertEquals("executorLost", f.evidence().get("mainCause"));
        assertEquals(true, f.evidence().get("stageFailed"));
        assertTrue(f.title().startsWith("Stage 238 failed: org.apache.spark.shuffle.FetchFailedException"), f.title());
        assertNoRetryAdvice(f);
        assertTrue(f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).noneMatch(c -> c.key().contains("aws_attributes")),
                "a YARN run has no Databricks cluster attributes: " + f.recommendation().steps());
    }

    /** kubeflow's Spark 4.1 fixtures: a Python UDF raises on every attempt; the job's own error is fixed, not retried. */
    @Test
    void theJobsOwnErrorThatFailedTheStageIsFixedNotRetried() {
        Path log = SPARK_41.resolve("local-1776286804625.zstd");
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        Finding f = RuleTesting.fired(RuleTesting.advise(RunFactsReader.read(log), Map.of()), "task-failures");
        assertEquals("exception", f.evidence().get("mainCause"));
        assertEquals("Stage 5 failed: Exception: deliberate permanent failure", f.title());
        assertNoRetryAdvice(f);
    }

    /**
     * kubeflow's Spark 4.1 fixture: before the failing stage 5, stage 4 retried a transient failure of each of its 4
     * partitions (a third of the run's failed attempts) in a stage under the wall-time floor. Low, with the failure and the
     * time lost.
     */
    @Test
    void retriedFailuresUnderTheFloorsAreALowFindingWithTheFailureAndTheTimeLost() {
        Path log = SPARK_41.resolve("local-1776286786993.zstd");
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        TaskFailuresEvidence retried = TaskFailuresEvidence.of(new RunView(RunFactsReader.read(log)), Thresholds.defaults()).stream()
                .filter(e -> e.stageId() == 4).findFirst().orElseThrow();
        assertEquals("transient", retried.mainCause());
        assertTrue(retried.stageWallMs() < Thresholds.defaults().get(GeneralThresholds.MIN_STAGE_WALL_MS), "under the floor");
        assertEquals(4, retried.failedAttempts(), "each of the 4 partitions failed once, then succeeded");
        assertEquals(0.5, retried.failureRate(), 0.01);
        List<Finding> fired = RuleFiring.fire(Map.of(), retried);
        assertEquals(1, fired.size());
        assertEquals(Severity.LOW, fired.get(0).severity());
        String summary = fired.get(0).recommendation().summary();
        assertTrue(summary.contains("Exception: transient failure for partition") && summary.contains("wasting "), summary);
        assertTrue(RuleFiring.fire(Map.of("task-failures.lowRate", "0.6", "task-failures.mediumRate", "0.7",
                "task-failures.highRate", "0.8"), retried).isEmpty(), "under the failure-rate floor");
    }

    private static RunFacts external(String log) {
        return RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/" + log));
    }

    private static void assertNoRetryAdvice(Finding f) {
        String words = f.recommendation().summary() + f.recommendation().steps();
        assertFalse(words.contains("backoff") || words.contains("external call"), words);
    }

    @Test
    void silentOnHealthyAndGcPressure() {
        assertTrue(Findings.of("task-failures", "healthy").isEmpty());
        assertTrue(Findings.of("task-failures", "gc-pressure").isEmpty());
    }

    @Test
    void underAHigherFloorRetriedFailuresAreOnlyLow() {
        // Retried failures are never silence: under the cost floors they stay, at low.
        assertEquals(Optional.of(Severity.LOW), Findings.of("task-failures", "task-failures",
                Map.of("task-failures.minFailedAttempts", "4")).map(Finding::severity));
        assertEquals(Optional.of(Severity.LOW), Findings.of("task-failures", "task-failures",
                Map.of("general.minStageWallMs", "86400000")).map(Finding::severity));
        assertTrue(Findings.of("task-failures", "task-failures", Map.of("task-failures.lowRate", "0.9",
                "task-failures.mediumRate", "0.95", "task-failures.highRate", "0.99")).isEmpty(), "under the failure-rate floor");
    }

    @Test
    void mainCauseIsTheMostAttemptsWithMemoryWinningTies() {
        assertEquals(FailureCause.OUT_OF_MEMORY, evidence(Map.of(FailureCause.OUT_OF_MEMORY, 2, FailureCause.EXCEPTION, 2)).cause());
        assertEquals(FailureCause.EXECUTOR_LOST, evidence(Map.of(FailureCause.EXECUTOR_LOST, 3, FailureCause.EXCEPTION, 2)).cause());
        TaskFailuresEvidence e = evidence(Map.of(FailureCause.OUT_OF_MEMORY, 1, FailureCause.EXECUTOR_LOST, 3));
        assertEquals(4, e.failedAttempts());
        assertEquals(4.0 / 20, e.failureRate(), 1e-9);
    }

    @Test
    void executorLossRaisesTheOverheadByOneGib() {
        TaskFailuresEvidence e = evidence(Map.of(FailureCause.EXECUTOR_LOST, 3));
        Remedy f = TaskFailuresAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults());
        assertEquals("1408m", f.recommendation().steps().get(0).changes().get(0).value());
        // Off Databricks (tasks_executors_fail is a YARN run) spot or on-demand is the cluster manager's, not a cluster key.
        assertEquals(1, f.recommendation().steps().size(), f.recommendation().steps().toString());
    }

    @Test
    void onDatabricksALostExecutorGetsALargerNodeNotMemoryOverhead() {
        // The corpus run's failures as lost executors (a container killed, exit 143), on an i3.xlarge job cluster.
        RunFacts lost = EditedRuns.withFailuresAs(RuleTesting.withCluster("task-failures", "aws-i3-dedicated.json"),
                "ExecutorLostFailure", false);
        Finding f = RuleTesting.fired(RuleTesting.advise(lost, Map.of()), "task-failures");
        assertEquals("executorLost", f.evidence().get("mainCause"));
        List<Change> changes = f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).toList();
        assertTrue(changes.stream().noneMatch(c -> c.key().contains("memoryOverhead")), changes.toString());
        Change node = changes.get(0);
        assertEquals("node_type_id", node.key());
        // The one 4-core type with twice i3.xlarge's memory per core is x1e.xlarge, which has no known list price: the
        // step names the need for people instead of one click to an unpriced node.
        assertEquals("manual", node.scope(), node.toString());
        assertTrue(node.value().contains("15.3 GiB of memory per core"), node.value());
        assertEquals("aws_attributes.availability", changes.get(1).key(), "then on-demand workers");
    }

    @Test
    void severityFollowsTheFailureRateLadderUnlessTheStageFailed() {
        // 16 successful tasks: 1 failure is under the attempts floor (low: retried, not silent), 2 are 11% (medium), 3 are 16% (high).
        assertEquals(Severity.LOW, RuleFiring.fire(Map.of(), evidence(Map.of(FailureCause.EXCEPTION, 1))).get(0).severity());
        assertEquals(Severity.MEDIUM, RuleFiring.fire(Map.of(), evidence(Map.of(FailureCause.EXCEPTION, 2))).get(0).severity());
        assertEquals(Severity.HIGH, RuleFiring.fire(Map.of(), evidence(Map.of(FailureCause.EXCEPTION, 3))).get(0).severity());
        TaskFailuresEvidence failedStage = TaskFailuresEvidence.of(1, 1_000, 1000, new EnumMap<>(Map.of(FailureCause.EXCEPTION, 4)),
                "java.lang.IllegalStateException: boom", 10_000, true, new Retries(4, 4), false, new TaskMemory(4L << 30, 4), 384L << 20,
                200, 8, 0);
        assertEquals(Severity.HIGH, RuleFiring.fire(Map.of(), failedStage).get(0).severity(), "even in a 1 s stage");
    }

    @Test
    void aFailedStageRanksAboveItsSmallSavingAndSaysWhy() {
        // Issue 28, cause 3: rapids-tools' tasks_executors_fail run lost 44 ms to failed attempts, but a stage failed: a
        // reliability risk keeps it high, and the finding says that the failed stage, not the saving, ranks it.
        Finding f = RuleTesting.finding(RuleTesting.advise(
                RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/tasks_executors_fail_compressed_eventlog.zstd")), Map.of()),
                "task-failures").orElseThrow();
        assertEquals(true, f.evidence().get("stageFailed"));
        assertTrue(f.savings().runtimeMs() < 1_000, f.savings().toString());
        assertEquals(Severity.HIGH, f.severity());
        assertTrue(f.risk().startsWith("An attempt of stage " + f.stageIds().get(0) + " failed"), f.risk());
        assertTrue(f.risk().contains("not by the time it costs"), f.risk());
        // The corpus scenario's retried failures are a risk too, worded by what they lost and the retries left.
        Finding retried = Findings.of("task-failures", "task-failures").orElseThrow();
        assertTrue(retried.risk().startsWith("Failed attempts lost "), retried.risk());
        assertTrue(retried.risk().contains("1 of the 4 attempts"), retried.risk());
    }

    @Test
    void aTaskThatSpentHalfItsAttemptsIsAtLeastMediumEvenOnAShortStage() {
        // Spark's own history-server fixture: in a 1 s stage one task failed 2 of its 4 attempts.
        RunFacts facts = RunFactsReader.read(ExternalLogs.path("spark/app-20161115172038-0000"));
        Finding f = RuleTesting.fired(RuleTesting.advise(facts, Map.of()), "task-failures");
        assertEquals(2, f.evidence().get("mostFailuresOfOneTask"));
        assertEquals(4, f.evidence().get("maxFailures"));
        assertTrue(((Number) f.evidence().get("stageWallMs")).longValue() < Thresholds.defaults().get(GeneralThresholds.MIN_STAGE_WALL_MS),
                "a stage too short for the cost floor");
        assertEquals(Optional.of(Severity.LOW), RuleTesting.finding(RuleTesting.advise(facts, Map.of("task-failures.retriesUsedShare", "1")),
                "task-failures").map(Finding::severity), "without the reliability floor the stage is too short to count above low");
        // On the corpus scenario each failing task failed once of local[2,4]'s 4 attempts: its rate decides.
        assertEquals(1, Findings.of("task-failures", "task-failures").orElseThrow().evidence().get("mostFailuresOfOneTask"));
        // A low failure rate (2 of 102 attempts) still counts when both were one task's.
        TaskFailuresEvidence lowRate = TaskFailuresEvidence.of(1, 500, 100, new EnumMap<>(Map.of(FailureCause.EXCEPTION, 2)), "boom", 100,
                false, new Retries(2, 4), false, new TaskMemory(4L << 30, 4), 384L << 20, 200, 8, 0);
        assertEquals(Severity.MEDIUM, RuleFiring.fire(Map.of(), lowRate).get(0).severity());
    }

    @Test
    void underDatabricksAutoTheOutOfMemoryStepDoublesThePartitionsTheStageRanWith() {
        // The skew run's join stage (it reads the shuffle) with three out-of-memory attempts, shuffle partitions on auto.
        RunFacts skew = Corpus.facts("skew");
        StageFacts join = Findings.stageOf(Findings.of("skew", "skew").orElseThrow(), "skew");
        RunFacts auto = EditedRuns.withSettings(EditedRuns.withFailures(skew, List.of(new TaskFailureFacts(join.stageId(),
                "ExceptionFailure", "java.lang.OutOfMemoryError", "Java heap space", true, 3, 20_000, 1))),
                Map.of("spark.sql.shuffle.partitions", "auto"));
        Finding f = RuleTesting.fired(RuleTesting.advise(auto, Map.of()), "task-failures");
        Change first = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("spark.sql.shuffle.partitions", first.key());
        assertEquals(Integer.toString(2 * join.numTasks()), first.value(), "twice the partitions auto gave the stage, not twice Spark's 200");
    }

    @Test
    void outOfMemoryDoublesShufflePartitionsThenTheHeap() {
        TaskFailuresEvidence e = evidence(Map.of(FailureCause.OUT_OF_MEMORY, 3));
        Remedy f = TaskFailuresAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults());
        assertEquals("400", f.recommendation().steps().get(0).changes().get(0).value());
        assertEquals("spark.sql.shuffle.partitions", f.recommendation().steps().get(0).changes().get(0).key());
        assertEquals("8192m", f.recommendation().steps().get(1).changes().get(0).value());
    }

    private static TaskFailuresEvidence evidence(Map<FailureCause, Integer> byCause) {
        return TaskFailuresEvidence.of(1, 60_000, 16, new EnumMap<>(byCause), "java.lang.OutOfMemoryError: Java heap space",
                10_000, false, new Retries(1, 4), true, new TaskMemory(4L << 30, 4), 384L << 20, 200, 8, 0);
    }
}
