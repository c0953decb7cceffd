package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.eventlog.TaskEnd;
import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tasks of one running stage attempt, held as primitive columns until the stage completes and
 * is summarised; then the columns are dropped. Failed attempts are grouped by cause as they arrive.
 */
final class StageAccumulator {
    /** Task durations kept for the what-if replay; beyond this a stage's durations are evenly thinned. */
    static final int DURATION_SAMPLE_LIMIT = 1000;
    private static final int MESSAGE_LIMIT = 300;
    private static final TaskMetric[] METRICS = TaskMetric.values();
    /**
     * spark-advisor's own choice: columns start at the stage's declared task count up to this many
     * (no copies while they fill), and grow past it; a damaged count cannot reserve much memory.
     */
    private static final int PRESIZE_LIMIT = 4096;

    final int stageId;
    final int attemptId;
    private final long submittedMs;
    private long queuedMs;
    private long[][] columns;
    private long[] launches;
    private int size;
    private int failed;
    private int killed;
    /** The partitions of the longest task and of the largest shuffle read, for micro-batch stages judged across batches. */
    private int longestIndex = -1;
    private int largestReadIndex = -1;
    private long longestMs = -1;
    private long largestRead;
    private final Map<String, FailureGroup> failures = new LinkedHashMap<>();
    /** Failed attempts per task index that count toward spark.task.maxFailures. */
    private final Map<Integer, Integer> countedFailures = new HashMap<>();

    StageAccumulator(int stageId, int attemptId, long submittedMs, int declaredTasks) {
        this.stageId = stageId;
        this.attemptId = attemptId;
        this.submittedMs = submittedMs;
        int capacity = Math.max(16, Math.min(declaredTasks, PRESIZE_LIMIT));
        columns = new long[METRICS.length][capacity];
        launches = new long[capacity];
    }

    void add(TaskEnd task) {
        if (!task.succeeded()) {
            recordFailure(task);
            return;
        }
        if (size == launches.length) {
            grow();
        }
        for (int m = 0; m < METRICS.length; m++) {
            columns[m][size] = task.metrics[m];
        }
        columns[TaskMetric.DURATION.ordinal()][size] = task.durationMs();
        if (task.durationMs() > longestMs) {
            longestMs = task.durationMs();
            longestIndex = task.index;
        }
        if (task.metric(TaskMetric.SHUFFLE_READ_BYTES) > largestRead) {
            largestRead = task.metric(TaskMetric.SHUFFLE_READ_BYTES);
            largestReadIndex = task.index;
        }
        launches[size] = task.launchMs;
        queuedMs += Math.max(0, task.launchMs - submittedMs);
        size++;
    }

    private void recordFailure(TaskEnd task) {
        if (task.reason.equals("TaskKilled")) {
            killed++; // speculative copies and cancelled jobs: not failures of the work
            return;
        }
        failed++;
        if (countsTowardMaxFailures(task)) {
            countedFailures.merge(task.index, 1, Integer::sum);
        }
        String key = task.reason + "|" + task.exceptionClass;
        failures.computeIfAbsent(key, k -> new FailureGroup(task.reason, task.exceptionClass,
                abbreviate(task.failureMessage))).add(task.index, task.durationMs(), isOutOfMemory(task));
    }

    /** As Spark's TaskEndReason.countTowardsTaskFailures: a fetch failure reruns the stage, a denied commit is another attempt's. */
    private static boolean countsTowardMaxFailures(TaskEnd task) {
        return switch (task.reason) {
            case "FetchFailed", "TaskCommitDenied" -> false;
            case "ExecutorLostFailure" -> task.exitCausedByApp;
            default -> true;
        };
    }

    /**
     * Out of memory: the JVM's own error, YARN's "exceeding memory limits", or exit code 137 (SIGKILL, the kernel's or
     * Kubernetes' OOM killer). Exit code 143 is SIGTERM, a kill by the cluster manager (decommission, preemption, a
     * spot reclaim): an executor lost, not a memory fault, unless the message also says the memory limit was exceeded.
     */
    static boolean isOutOfMemory(String exceptionClass, String failureMessage) {
        String text = exceptionClass + " " + failureMessage;
        return text.contains("OutOfMemoryError") || text.contains("exceeding memory limits") || text.contains("OOMKilled")
                || text.matches("(?s).*[Ee]xit (code|status)( is)?:? 137\\b.*");
    }

    private static boolean isOutOfMemory(TaskEnd task) {
        return isOutOfMemory(task.exceptionClass, task.failureMessage);
    }

    private static String abbreviate(String message) {
        String oneLine = PythonTracebacks.keepRaised(message).replaceAll("\\s+", " ").trim();
        return oneLine.length() <= MESSAGE_LIMIT ? oneLine : oneLine.substring(0, MESSAGE_LIMIT) + "…";
    }

    private void grow() {
        int capacity = launches.length * 2;
        for (int m = 0; m < METRICS.length; m++) {
            columns[m] = Arrays.copyOf(columns[m], capacity);
        }
        launches = Arrays.copyOf(launches, capacity);
    }

    /** The partition that held the largest share: the largest shuffle read where the stage read one, else the longest task; -1 without tasks. */
    int topIndex() {
        return largestReadIndex >= 0 ? largestReadIndex : longestIndex;
    }

    long queuedMs() {
        return queuedMs;
    }

    int successful() {
        return size;
    }

    int failed() {
        return failed;
    }

    int killed() {
        return killed;
    }

    List<TaskFailureFacts> failures() {
        return failures.values().stream().map(g -> g.toFacts(stageId, countedFailures)).toList();
    }

    /** Durations in launch order, thinned to the sample limit. Call before {@link #distributions()}, which sorts the columns. */
    List<Long> durationSample() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(launches[a], launches[b]));
        long[] durations = columns[TaskMetric.DURATION.ordinal()];
        int keep = Math.min(size, DURATION_SAMPLE_LIMIT);
        List<Long> sample = new ArrayList<>(keep);
        for (int i = 0; i < keep; i++) {
            sample.add(durations[order[(int) ((long) i * size / keep)]]);
        }
        return sample;
    }

    Map<TaskMetric, Distribution> distributions() {
        Map<TaskMetric, Distribution> out = new EnumMap<>(TaskMetric.class);
        for (TaskMetric metric : METRICS) {
            out.put(metric, Distribution.of(columns[metric.ordinal()], size));
        }
        columns = null;
        launches = null;
        return out;
    }

    private static final class FailureGroup {
        private final String kind;
        private final String exceptionClass;
        private final String message;
        private int attempts;
        private long wastedMs;
        private boolean outOfMemory;
        private final Set<Integer> tasks = new HashSet<>();

        FailureGroup(String kind, String exceptionClass, String message) {
            this.kind = kind;
            this.exceptionClass = exceptionClass;
            this.message = message;
        }

        void add(int index, long durationMs, boolean oom) {
            tasks.add(index);
            attempts++;
            wastedMs += durationMs;
            outOfMemory |= oom;
        }

        TaskFailureFacts toFacts(int stageId, Map<Integer, Integer> countedFailures) {
            int most = tasks.stream().mapToInt(i -> countedFailures.getOrDefault(i, 0)).max().orElse(0);
            return new TaskFailureFacts(stageId, kind, exceptionClass, message, outOfMemory, attempts, wastedMs, most);
        }
    }
}
