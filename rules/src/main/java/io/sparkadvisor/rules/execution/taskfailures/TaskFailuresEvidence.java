package io.sparkadvisor.rules.execution.taskfailures;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.FailureText;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.FailureCause;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Failed task attempts of one stage, grouped by the cause that decides the cure: the JVM ran out of
 * memory, the executor was lost (killed container, preempted node, lost shuffle files), or the
 * job's own code threw.
 *
 * @param failedAttempts failed task attempts of the stage (killed speculative copies excluded)
 * @param successfulTasks successful tasks of the stage
 * @param failureRate failedAttempts / (failedAttempts + successfulTasks)
 * @param attemptsByCause failed attempts per cause (outOfMemory, gpuOutOfMemory, executorLost, transient: a call to another
 *        system that timed out, was refused or throttled; exception: the job's own error), in that order
 * @param mainCause the cause with the most attempts, the most resource-bound one on a tie
 * @param firstFailure the cause line (wrappers and stack frames dropped) of the stage's failure reason when it failed, else of
 *        the first failure of the main cause
 * @param wastedTaskMs task time of the failed attempts
 * @param stageFailed whether an attempt of the stage failed (a task used up its retries)
 * @param mostFailuresOfOneTask the most failed attempts one task had, as Spark counts them toward spark.task.maxFailures
 * @param maxFailures failed attempts of one task that fail the job: spark.task.maxFailures (local[N,F]'s F, 1 in local[N])
 * @param stageWallMs the stage's wall time, submission to completion
 * @param stageId the stage
 * @param cause the main cause, as the advice chooses its steps by it
 * @param readsShuffle whether the stage reads a shuffle (its partitions are spark.sql.shuffle.partitions)
 * @param memory the heap one running task shares
 * @param overheadBytes the executor's memory overhead, set or Spark's default
 * @param shufflePartitions spark.sql.shuffle.partitions of the run; under Databricks' {@code auto} the partitions the stage
 *        ran with, which auto chose
 * @param slots task slots of the run
 * @param concurrentGpuTasks spark.rapids.sql.concurrentGpuTasks as the run set it, 0 when unset
 */
public record TaskFailuresEvidence(int failedAttempts, int successfulTasks, double failureRate,
        Map<String, Integer> attemptsByCause, String mainCause, String firstFailure, long wastedTaskMs, boolean stageFailed,
        int mostFailuresOfOneTask, int maxFailures, long stageWallMs, @Internal int stageId, @Internal FailureCause cause, @Internal boolean readsShuffle,
        @Internal TaskMemory memory, @Internal long overheadBytes, @Internal int shufflePartitions, @Internal int slots,
        @Internal int concurrentGpuTasks) implements Evidence {


    /** Spark's default spark.sql.shuffle.partitions. */
    private static final int DEFAULT_SHUFFLE_PARTITIONS = 200;
    private static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    private static final long MIB = 1L << 20;
    static final String CONCURRENT_GPU_TASKS = "spark.rapids.sql.concurrentGpuTasks";

    public static List<TaskFailuresEvidence> of(RunView run, Thresholds t) {
        TaskMemory memory = TaskMemory.of(run, t);
        Optional<Integer> shufflePartitions = run.sparkInteger(SHUFFLE_PARTITIONS);
        boolean auto = run.sparkSetting(SHUFFLE_PARTITIONS).filter(v -> v.trim().equalsIgnoreCase("auto")).isPresent();
        // Spark's default overhead: 10% of the executor heap, at least 384 MiB.
        long overhead = run.facts().properties().bytes("spark.executor.memoryOverhead", MIB)
                .orElse(Math.max(384 * MIB, memory.heapBytes() / 10));
        int gpuTasks = run.sparkInteger(CONCURRENT_GPU_TASKS).orElse(0);
        return run.finalStages().stream()
                .map(s -> of(run, s, failuresOf(run, s.stageId()), memory, overhead,
                        shufflePartitions.orElse(auto ? Math.max(1, s.numTasks()) : DEFAULT_SHUFFLE_PARTITIONS), gpuTasks))
                .filter(e -> e.failedAttempts() > 0).toList();
    }

    private static List<TaskFailureFacts> failuresOf(RunView run, int stageId) {
        return run.facts().failures().stream().filter(f -> f.stageId() == stageId).toList();
    }

    private static TaskFailuresEvidence of(RunView run, StageFacts s, List<TaskFailureFacts> failures, TaskMemory memory,
            long overhead, int shufflePartitions, int gpuTasks) {
        Map<FailureCause, Integer> byCause = new EnumMap<>(FailureCause.class);
        failures.forEach(f -> byCause.merge(FailureCause.of(f), f.attempts(), Integer::sum));
        FailureCause main = mainCause(byCause);
        Optional<StageFacts> failedAttempt = run.facts().stages().stream()
                .filter(a -> a.stageId() == s.stageId() && a.status().equals("FAILED")).findFirst();
        boolean failed = failedAttempt.isPresent();
        // A failed stage's own reason names what failed it; otherwise the first failure of the main cause.
        String first = failedAttempt.map(a -> FailureText.cause(a.failureReason())).filter(r -> !r.isEmpty())
                .orElseGet(() -> failures.stream().filter(f -> FailureCause.of(f) == main).findFirst()
                        .map(f -> FailureText.cause(f.kind(), f.exceptionClass(), f.message())).orElse(""));
        int most = failures.stream().mapToInt(TaskFailureFacts::mostFailuresOfOneTask).max().orElse(0);
        return of(s.stageId(), s.wallMs(), s.successfulTasks(), byCause, first,
                failures.stream().mapToLong(TaskFailureFacts::wastedTaskMs).sum(), failed,
                new Retries(most, run.facts().properties().taskMaxFailures()), s.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0, memory, overhead, shufflePartitions, run.slots(), gpuTasks);
    }

    /** The most failed attempts of one task against the attempts that fail the job. */
    public record Retries(int mostFailuresOfOneTask, int maxFailures) {}

    /** The evidence of a stage from its failed attempts by cause; the counts, the rate and the main cause are computed here. */
    public static TaskFailuresEvidence of(int stageId, long stageWallMs, int successfulTasks, Map<FailureCause, Integer> byCause,
            String firstFailure, long wastedTaskMs, boolean stageFailed, Retries retries, boolean readsShuffle, TaskMemory memory,
            long overheadBytes, int shufflePartitions, int slots, int concurrentGpuTasks) {
        Map<FailureCause, Integer> ordered = new EnumMap<>(FailureCause.class);
        ordered.putAll(byCause);
        int failed = ordered.values().stream().mapToInt(Integer::intValue).sum();
        Map<String, Integer> byKey = new LinkedHashMap<>();
        ordered.forEach((c, n) -> byKey.put(c.key, n));
        FailureCause main = mainCause(ordered);
        return new TaskFailuresEvidence(failed, successfulTasks, (double) failed / Math.max(1, failed + successfulTasks),
                Collections.unmodifiableMap(byKey), main.key, firstFailure, wastedTaskMs, stageFailed,
                retries.mostFailuresOfOneTask(), retries.maxFailures(), stageWallMs, stageId,
                main, readsShuffle, memory, overheadBytes, shufflePartitions, slots, concurrentGpuTasks);
    }

    /** The cause with the most attempts, the most resource-bound one on a tie. */
    private static FailureCause mainCause(Map<FailureCause, Integer> byCause) {
        return byCause.entrySet().stream()
                .max(Comparator.comparingInt((Map.Entry<FailureCause, Integer> c) -> c.getValue())
                        .thenComparing(c -> -c.getKey().ordinal()))
                .map(Map.Entry::getKey).orElse(FailureCause.EXCEPTION);
    }

    /** The share of spark.task.maxFailures the worst task spent; the DRL's reliability floor reads it. */
    public double retriesUsedShare() {
        return (double) mostFailuresOfOneTask / Math.max(1, maxFailures);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }
}
