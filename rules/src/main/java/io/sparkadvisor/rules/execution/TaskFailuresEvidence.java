package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Failed task attempts of one stage, grouped by the cause that decides the cure: the JVM ran out of
 * memory, the executor was lost (killed container, preempted node, lost shuffle files), or the
 * job's own code threw.
 *
 * <p>JSON evidence keys of the task-failures finding: {@code failedAttempts}, {@code successfulTasks},
 * {@code failureRate}, {@code attemptsByCause} (outOfMemory, executorLost, exception),
 * {@code mainCause}, {@code firstFailure} (exception class and message of the first failure),
 * {@code wastedTaskMs}, {@code stageFailed}, {@code stageWallMs}.
 */
public record TaskFailuresEvidence(int stageId, long stageWallMs, int successfulTasks, Map<Cause, Integer> attemptsByCause,
        String firstFailure, long wastedTaskMs, boolean stageFailed, boolean readsShuffle, TaskMemory memory,
        long overheadBytes, int shufflePartitions, int slots) {

    /** What a failure calls for; the order breaks ties, the most resource-bound cause first. */
    public enum Cause {
        OUT_OF_MEMORY("outOfMemory"), EXECUTOR_LOST("executorLost"), EXCEPTION("exception");

        public final String key;

        Cause(String key) {
            this.key = key;
        }

        public static Cause of(TaskFailureFacts f) {
            if (f.outOfMemory()) {
                return OUT_OF_MEMORY;
            }
            return switch (f.kind()) {
                case "ExecutorLostFailure", "FetchFailed" -> EXECUTOR_LOST;
                default -> EXCEPTION;
            };
        }
    }

    /** Spark's default spark.sql.shuffle.partitions. */
    private static final int DEFAULT_SHUFFLE_PARTITIONS = 200;
    private static final long MIB = 1L << 20;

    public static List<TaskFailuresEvidence> of(RunView run) {
        TaskMemory memory = TaskMemory.of(run);
        int shufflePartitions = run.facts().properties().get("spark.sql.shuffle.partitions").map(String::trim)
                .map(Integer::parseInt).orElse(DEFAULT_SHUFFLE_PARTITIONS);
        // Spark's default overhead: 10% of the executor heap, at least 384 MiB.
        long overhead = run.facts().properties().bytes("spark.executor.memoryOverhead", MIB)
                .orElse(Math.max(384 * MIB, memory.heapBytes() / 10));
        return run.finalStages().stream()
                .map(s -> of(run, s, failuresOf(run, s.stageId()), memory, overhead, shufflePartitions))
                .filter(e -> e.failedAttempts() > 0).toList();
    }

    private static List<TaskFailureFacts> failuresOf(RunView run, int stageId) {
        return run.facts().failures().stream().filter(f -> f.stageId() == stageId).toList();
    }

    private static TaskFailuresEvidence of(RunView run, StageFacts s, List<TaskFailureFacts> failures, TaskMemory memory,
            long overhead, int shufflePartitions) {
        Map<Cause, Integer> byCause = new EnumMap<>(Cause.class);
        failures.forEach(f -> byCause.merge(Cause.of(f), f.attempts(), Integer::sum));
        String first = failures.stream().findFirst().map(f -> f.exceptionClass() + ": " + f.message()).orElse("");
        boolean failed = run.facts().stages().stream()
                .anyMatch(a -> a.stageId() == s.stageId() && a.status().equals("FAILED"));
        return new TaskFailuresEvidence(s.stageId(), s.wallMs(), s.successfulTasks(), byCause, first,
                failures.stream().mapToLong(TaskFailureFacts::wastedTaskMs).sum(), failed,
                s.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0, memory, overhead, shufflePartitions, run.slots());
    }

    public int failedAttempts() {
        return attemptsByCause.values().stream().mapToInt(Integer::intValue).sum();
    }

    public double failureRate() {
        return (double) failedAttempts() / Math.max(1, failedAttempts() + successfulTasks);
    }

    public Cause mainCause() {
        return attemptsByCause.entrySet().stream()
                .max(Comparator.comparingInt((Map.Entry<Cause, Integer> c) -> c.getValue())
                        .thenComparing(c -> -c.getKey().ordinal()))
                .map(Map.Entry::getKey).orElse(Cause.EXCEPTION);
    }
}
