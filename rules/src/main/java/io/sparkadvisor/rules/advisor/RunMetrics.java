package io.sparkadvisor.rules.advisor;

import static java.util.Map.entry;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.execution.taskfailures.TaskFailuresEvidence.Cause;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.queryplan.broadcastjoin.BroadcastJoinEvidence;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The metrics a {@link MetricCheck} names, measured the same way on the baseline and the next run.
 * Whole-run metrics have plain names ({@code appDurationMs}, {@code gcShare}); per-stage metrics are
 * {@code stage[ID].name} and read the final attempt of that stage in the run the check was written on; in another
 * run the check finds its stage by signature ({@link MetricCheck#on}). Several names exist both ways: {@code gcShare}
 * is the whole run's, {@code stage[3].gcShare} stage 3's.
 *
 * <p>Whole run: {@code appDurationMs}; {@code slotMs} (slot time paid while executors existed, the
 * run's core-hours); {@code idleSlotShare} (idle share of the slot time while stages ran, as the
 * idle-slots rule measures it); {@code slots} (most task slots at once); {@code coresPerHost} (most
 * executor cores alive at once on one host); {@code peakHeapShare} (largest executor JVM heap peak /
 * the heap setting); {@code heapBytes} (that setting); {@code workerMemoryBytes} (a worker node's memory);
 * {@code tasksAtOnce} (most tasks running at once per executor); {@code photonFallbacks} (operators of Photon plans
 * run outside Photon); {@code broadcastBytes} (what the run's broadcast joins broadcast); and the sums over stages below. Per stage and summed over the run:
 * {@code gcShare}, {@code spillBytes} (memory spilled), {@code diskSpillBytes}, {@code failedTasks}
 * (failed attempts, killed speculative copies excluded), {@code outOfMemoryFailures},
 * {@code executorLostFailures} (lost executor or FetchFailed), {@code shuffleWriteBytes}, {@code tasks} (successful
 * tasks). Per stage only: {@code cpuShare}, {@code maxToMedian}, {@code medianTaskMs}, {@code wallMs}.
 */
public final class RunMetrics {
    public static final String APP_DURATION_MS = "appDurationMs";
    public static final String SLOT_MS = "slotMs";
    public static final String IDLE_SLOT_SHARE = "idleSlotShare";
    public static final String SLOTS = "slots";
    public static final String CORES_PER_HOST = "coresPerHost";
    public static final String PEAK_HEAP_SHARE = "peakHeapShare";
    /** The heap setting the tasks share (spark.executor.memory, the driver's in local mode; Spark's default when unset). */
    public static final String HEAP_BYTES = "heapBytes";
    /** A worker node's memory, from its node type; not measured when the cluster is not known. */
    public static final String WORKER_MEMORY_BYTES = "workerMemoryBytes";
    /** Operators of the run's Photon plans that ran outside Photon (transitions between the engines not counted). */
    public static final String PHOTON_FALLBACKS = "photonFallbacks";
    /**
     * What the run's broadcast joins broadcast, summed: each build side's data size (its rows in memory) as
     * {@link BroadcastJoinEvidence#broadcastBytes} measures it.
     */
    public static final String BROADCAST_BYTES = "broadcastBytes";
    /** Most tasks running at once per task executor: what spark.task.cpus and the executor's cores allow. */
    public static final String TASKS_AT_ONCE = "tasksAtOnce";
    public static final String GC_SHARE = "gcShare";
    public static final String SPILL_BYTES = "spillBytes";
    public static final String DISK_SPILL_BYTES = "diskSpillBytes";
    public static final String FAILED_TASKS = "failedTasks";
    public static final String OUT_OF_MEMORY_FAILURES = "outOfMemoryFailures";
    public static final String EXECUTOR_LOST_FAILURES = "executorLostFailures";
    public static final String CPU_SHARE = "cpuShare";
    public static final String MAX_TO_MEDIAN = "maxToMedian";
    public static final String TASKS = "tasks";
    public static final String MEDIAN_TASK_MS = "medianTaskMs";
    public static final String WALL_MS = "wallMs";
    /** A stage's task time summed: the slot-hours it held. */
    public static final String TASK_MS = "taskMs";
    /** A stage's CPU (task threads and GC) over its wall time times the nodes' cores: how busy its nodes' CPUs were. */
    public static final String NODE_CPU_SHARE = "nodeCpuShare";
    /** Bytes written to shuffle files: what a broadcast or a coalesce takes off the network and the disks. */
    public static final String SHUFFLE_WRITE_BYTES = "shuffleWriteBytes";

    private static final Pattern STAGE_METRIC = Pattern.compile("stage\\[(\\d+)]\\.(\\w+)");
    private static final Set<String> COUNTS = Set.of(SLOTS, CORES_PER_HOST, TASKS_AT_ONCE, PHOTON_FALLBACKS, FAILED_TASKS, OUT_OF_MEMORY_FAILURES,
            EXECUTOR_LOST_FAILURES, TASKS);

    /** A metric of one stage; NaN when the stage cannot measure it. */
    private interface StageMetric {
        double of(RunView run, StageFacts stage);
    }

    private static final Map<String, StageMetric> PER_STAGE = Map.ofEntries(
            entry(CPU_SHARE, (run, s) -> cpuShare(s)),
            entry(GC_SHARE, (run, s) -> gcShare(s)),
            entry(MAX_TO_MEDIAN, (run, s) -> maxToMedian(s)),
            entry(TASKS, (run, s) -> s.successfulTasks()),
            entry(MEDIAN_TASK_MS, (run, s) -> s.metric(TaskMetric.DURATION).p50()),
            entry(WALL_MS, (run, s) -> s.wallMs()),
            entry(TASK_MS, (run, s) -> s.sum(TaskMetric.EXECUTOR_RUN_TIME)),
            entry(SHUFFLE_WRITE_BYTES, (run, s) -> s.sum(TaskMetric.SHUFFLE_WRITE_BYTES)),
            entry(NODE_CPU_SHARE, RunMetrics::nodeCpuShare),
            entry(SPILL_BYTES, (run, s) -> s.sum(TaskMetric.MEMORY_BYTES_SPILLED)),
            entry(DISK_SPILL_BYTES, (run, s) -> s.sum(TaskMetric.DISK_BYTES_SPILLED)),
            entry(FAILED_TASKS, (run, s) -> failures(run, s.stageId(), f -> true)),
            entry(OUT_OF_MEMORY_FAILURES, (run, s) -> failures(run, s.stageId(), TaskFailureFacts::outOfMemory)),
            entry(EXECUTOR_LOST_FAILURES, (run, s) -> failures(run, s.stageId(), RunMetrics::executorLost)));

    /** Whole-run metrics; NaN when the run cannot measure it. */
    private static final Map<String, ToDoubleFunction<RunView>> WHOLE_RUN = Map.ofEntries(
            entry(APP_DURATION_MS, RunView::appDurationMs),
            entry(SLOT_MS, run -> run.facts().slots().slotMs()),
            entry(IDLE_SLOT_SHARE, run -> (double) run.facts().slots().stageIdleSlotMs()
                    / Math.max(1, run.facts().slots().stageSlotMs())),
            entry(SLOTS, RunView::slots),
            entry(CORES_PER_HOST, RunMetrics::coresPerHost),
            entry(PEAK_HEAP_SHARE, RunMetrics::peakHeapShare),
            entry(HEAP_BYTES, run -> run.memory(Thresholds.defaults()).heapBytes()),
            entry(WORKER_MEMORY_BYTES, run -> run.cluster().flatMap(c -> c.workerNode()).map(n -> n.memoryMb() * (double) (1L << 20))
                    .orElse(Double.NaN)),
            entry(PHOTON_FALLBACKS, run -> run.facts().sqlExecutions().stream()
                    .mapToLong(sql -> sql.photonFallbacks().stream().filter(f -> !f.transition()).count()).sum()),
            entry(BROADCAST_BYTES, BroadcastJoinEvidence::broadcastBytes),
            entry(TASKS_AT_ONCE, run -> (double) run.facts().slots().peakRunningTasks() / Math.max(1, taskExecutors(run).size())),
            entry(GC_SHARE, run -> ratio(run, TaskMetric.JVM_GC_TIME, TaskMetric.EXECUTOR_RUN_TIME)),
            entry(SPILL_BYTES, run -> sum(run, TaskMetric.MEMORY_BYTES_SPILLED)),
            entry(DISK_SPILL_BYTES, run -> sum(run, TaskMetric.DISK_BYTES_SPILLED)),
            entry(SHUFFLE_WRITE_BYTES, run -> sum(run, TaskMetric.SHUFFLE_WRITE_BYTES)),
            entry(TASKS, run -> run.finalStages().stream().mapToInt(StageFacts::successfulTasks).sum()),
            entry(FAILED_TASKS, run -> failures(run, -1, f -> true)),
            entry(OUT_OF_MEMORY_FAILURES, run -> failures(run, -1, TaskFailureFacts::outOfMemory)),
            entry(EXECUTOR_LOST_FAILURES, run -> failures(run, -1, RunMetrics::executorLost)));

    private RunMetrics() {}

    /** The name of a per-stage metric: {@code stage(3, SPILL_BYTES)} is {@code stage[3].spillBytes}. */
    public static String stage(int stageId, String metric) {
        return "stage[" + stageId + "]." + metric;
    }

    /** The stage a per-stage metric names; -1 for a whole-run metric. */
    public static int stageIdOf(String metric) {
        Matcher m = STAGE_METRIC.matcher(metric);
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** The same per-stage metric of another stage: {@code stage[2].wallMs} of stage 5 is {@code stage[5].wallMs}. */
    public static String ofStage(String metric, int stageId) {
        Matcher m = STAGE_METRIC.matcher(metric);
        return m.matches() ? stage(stageId, m.group(2)) : metric;
    }

    public static String stageCpuShare(int stageId) {
        return stage(stageId, CPU_SHARE);
    }

    public static String stageGcShare(int stageId) {
        return stage(stageId, GC_SHARE);
    }

    public static String stageMaxToMedian(int stageId) {
        return stage(stageId, MAX_TO_MEDIAN);
    }

    /** Empty when the run has no such stage (the job's code changed), cannot measure it, or the name is unknown. */
    public static OptionalDouble value(RunFacts facts, String metric) {
        RunView run = new RunView(facts);
        Matcher m = STAGE_METRIC.matcher(metric);
        if (!m.matches()) {
            return measured(WHOLE_RUN.containsKey(metric) ? WHOLE_RUN.get(metric).applyAsDouble(run) : Double.NaN);
        }
        int stageId = Integer.parseInt(m.group(1));
        StageMetric stageMetric = PER_STAGE.get(m.group(2));
        return stageMetric == null ? OptionalDouble.empty() : run.finalStages().stream()
                .filter(s -> s.stageId() == stageId && s.successfulTasks() > 0).findFirst()
                .map(s -> measured(stageMetric.of(run, s))).orElse(OptionalDouble.empty());
    }

    private static OptionalDouble measured(double value) {
        return Double.isNaN(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
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

    private static long sum(RunView run, TaskMetric metric) {
        return run.finalStages().stream().mapToLong(s -> s.sum(metric)).sum();
    }

    private static double ratio(RunView run, TaskMetric part, TaskMetric whole) {
        return (double) sum(run, part) / Math.max(1, sum(run, whole));
    }

    /** Failed attempts of a stage ({@code -1}: of every stage) whose failure matches. */
    private static double failures(RunView run, int stageId, Predicate<TaskFailureFacts> which) {
        return run.facts().failures().stream().filter(f -> stageId < 0 || f.stageId() == stageId).filter(which)
                .mapToInt(TaskFailureFacts::attempts).sum();
    }

    private static boolean executorLost(TaskFailureFacts f) {
        return Cause.of(f) == Cause.EXECUTOR_LOST;
    }

    /** Executors that run tasks: all of them but the driver, which is the only one in local mode. */
    private static List<ExecutorFacts> taskExecutors(RunView run) {
        return RunMemory.taskExecutors(run);
    }

    /** The most cores executors held at once on one host: how much of a node the executor shape puts to work. */
    private static double coresPerHost(RunView run) {
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
    private static double nodeCpuShare(RunView run, StageFacts s) {
        long cores = run.cluster().flatMap(c -> c.workerNode()).map(n -> Math.round(n.numCores()) * Math.max(1, taskExecutors(run).size()))
                .orElse((long) run.slots());
        double cpuMs = s.sum(TaskMetric.EXECUTOR_CPU_TIME) + s.sum(TaskMetric.JVM_GC_TIME);
        return cpuMs / Math.max(1.0, (double) s.wallMs() * cores);
    }

    /**
     * Largest executor JVM heap peak over the heap each executor was given ({@link RunMemory}, with the default model of a
     * node's reserved memory); not measured without executor metrics.
     */
    private static double peakHeapShare(RunView run) {
        RunMemory memory = run.memory(Thresholds.defaults());
        return memory.measured() ? memory.heapUsedShare() : Double.NaN;
    }

    /** The value as people read it: a duration, a size, a percentage, a count or a ratio. */
    public static String format(String metric, double value) {
        Matcher m = STAGE_METRIC.matcher(metric);
        String name = m.matches() ? m.group(2) : metric;
        if (name.endsWith("Ms")) {
            return Format.duration((long) value);
        }
        if (name.endsWith("Bytes")) {
            return Format.bytes((long) value);
        }
        if (name.endsWith("Share")) {
            return Format.percent(value);
        }
        return COUNTS.contains(name) ? Long.toString(Math.round(value)) : Format.ratio(value) + "x";
    }
}
