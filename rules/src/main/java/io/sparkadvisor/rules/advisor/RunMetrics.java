package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.execution.FailureCause;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.queryplan.JoinSide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * How the {@link Metric}s are measured on a run or a stage, and the stage shares rules' evidence reads too. NaN when
 * the run cannot measure one.
 */
public final class RunMetrics {
    private RunMetrics() {}

    static double idleSlotShare(RunView run) {
        return (double) run.facts().slots().stageIdleSlotMs() / Math.max(1, run.facts().slots().stageSlotMs());
    }

    static double streamRateRatio(RunView run) {
        return run.facts().streaming().stream().mapToDouble(StreamingQueryFacts::recentArrivalRatio).filter(r -> !Double.isNaN(r))
                .max().orElse(Double.NaN);
    }

    static double heapBytes(RunView run) {
        return run.memory(Thresholds.defaults()).heapBytes();
    }

    static double workerMemoryBytes(RunView run) {
        return run.cluster().flatMap(c -> c.workerNode()).map(n -> n.memoryMb() * (double) (1L << 20)).orElse(Double.NaN);
    }

    static double photonFallbacks(RunView run) {
        return run.facts().sqlExecutions().stream()
                .mapToLong(sql -> sql.photonFallbacks().stream().filter(f -> !f.transition()).count()).sum();
    }

    /** Each build side's data size (its rows in memory), as {@link JoinSide#broadcastBytes} measures it. */
    static double broadcastBytes(RunView run) {
        return JoinSide.broadcastBytes(run);
    }

    static double tasksAtOnce(RunView run) {
        return (double) run.facts().slots().peakRunningTasks() / Math.max(1, taskExecutors(run).size());
    }

    static double gcShare(RunView run) {
        return (double) sum(run, TaskMetric.JVM_GC_TIME) / Math.max(1, sum(run, TaskMetric.EXECUTOR_RUN_TIME));
    }

    static double tasks(RunView run) {
        return run.finalStages().stream().mapToInt(StageFacts::successfulTasks).sum();
    }

    static double outOfMemoryFailures(RunView run, int stageId) {
        return failures(run, stageId, TaskFailureFacts::outOfMemory);
    }

    static double executorLostFailures(RunView run, int stageId) {
        return failures(run, stageId, f -> FailureCause.of(f) == FailureCause.EXECUTOR_LOST);
    }

    /** Share of the stage's task run time spent on the task thread's CPU. */
    public static double cpuShare(StageFacts s) {
        return (double) s.sum(TaskMetric.EXECUTOR_CPU_TIME) / Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME));
    }

    /** Share of the stage's task run time spent in JVM garbage collection. */
    public static double gcShare(StageFacts s) {
        return (double) s.sum(TaskMetric.JVM_GC_TIME) / Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME));
    }

    /** How many times the median task the longest task of the stage took. */
    public static double maxToMedian(StageFacts s) {
        var duration = s.metric(TaskMetric.DURATION);
        return (double) duration.max() / Math.max(1, duration.p50());
    }

    /** Over the whole run: a streaming query's stages over all its micro-batches, not its latest batch's alone. */
    static long sum(RunView run, TaskMetric metric) {
        return run.finalStages().stream().filter(s -> run.recurring(s).isEmpty()).mapToLong(s -> s.sum(metric)).sum()
                + run.recurringStages().stream().mapToLong(r -> r.total(metric)).sum();
    }

    /** Failed attempts of a stage ({@code -1}: of every stage) whose failure matches. */
    static double failures(RunView run, int stageId, Predicate<TaskFailureFacts> which) {
        return run.facts().failures().stream().filter(f -> stageId < 0 || f.stageId() == stageId).filter(which)
                .mapToInt(TaskFailureFacts::attempts).sum();
    }

    /** Executors that run tasks: all of them but the driver, which is the only one in local mode. */
    private static List<ExecutorFacts> taskExecutors(RunView run) {
        return RunMemory.taskExecutors(run);
    }

    /** The most cores executors held at once on one host: how much of a node the executor shape puts to work. */
    static double coresPerHost(RunView run) {
        return taskExecutors(run).stream().collect(Collectors.groupingBy(ExecutorFacts::host)).values().stream()
                .mapToInt(RunMetrics::mostCoresAtOnce).max().orElse(0);
    }

    /** Cores alive at each executor's start (the count only rises at a start), the largest. */
    private static int mostCoresAtOnce(List<ExecutorFacts> onHost) {
        return onHost.stream().mapToInt(e -> onHost.stream()
                .filter(o -> o.addedMs() <= e.addedMs() && e.addedMs() < o.removedMs())
                .mapToInt(ExecutorFacts::cores).sum()).max().orElse(0);
    }

    /**
     * The stage's CPU over what its nodes' cores could give in its wall time. Cores are the node type's times the
     * executors running tasks when the cluster is known (not the slots: SPARK_WORKER_CORES may promise more than the
     * node has), else the run's slots.
     */
    static double nodeCpuShare(RunView run, StageFacts s) {
        long cores = run.cluster().flatMap(c -> c.workerNode()).map(n -> Math.round(n.numCores()) * Math.max(1, taskExecutors(run).size()))
                .orElse((long) run.slots());
        double cpuMs = s.sum(TaskMetric.EXECUTOR_CPU_TIME) + s.sum(TaskMetric.JVM_GC_TIME);
        return cpuMs / Math.max(1.0, (double) s.wallMs() * cores);
    }

    /**
     * Largest executor JVM heap peak over the heap each executor was given ({@link RunMemory}, with the default model of a
     * node's reserved memory); not measured without executor metrics.
     */
    static double peakHeapShare(RunView run) {
        RunMemory memory = run.memory(Thresholds.defaults());
        return memory.measured() ? memory.heapUsedShare() : Double.NaN;
    }
}
