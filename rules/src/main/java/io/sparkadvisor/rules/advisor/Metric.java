package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The metrics a {@link MetricCheck} reads, measured the same way on the baseline and the next run. Each declares the id
 * it is stored under (inside each step's checks in the bot's store: never rename one, or pending follow-ups read it
 * as unknown), its unit, whether it grows with the run's input, and how it is measured on the whole run and/or on one
 * stage (the final attempt of that stage). Several exist both ways: {@link #GC_SHARE} of the run, or of stage 3.
 * A function returns NaN when the run or stage cannot measure it. {@link MetricRef} names a metric of the run or of a stage.
 */
public enum Metric {
    APP_DURATION_MS("appDurationMs", Unit.DURATION, true, RunView::appDurationMs, null),
    /** Slot time paid while executors existed: the run's core-hours. */
    SLOT_MS("slotMs", Unit.DURATION, true, run -> run.facts().slots().slotMs(), null),
    /** Idle share of the slot time while stages ran, as the idle-slots rule measures it. */
    IDLE_SLOT_SHARE("idleSlotShare", Unit.SHARE, false, RunMetrics::idleSlotShare, null),
    /** Most task slots at once. */
    SLOTS("slots", Unit.COUNT, false, RunView::slots, null),
    /** Most executor cores alive at once on one host. */
    CORES_PER_HOST("coresPerHost", Unit.COUNT, false, RunMetrics::coresPerHost, null),
    /** Largest executor JVM heap peak over the heap setting. */
    PEAK_HEAP_SHARE("peakHeapShare", Unit.SHARE, false, RunMetrics::peakHeapShare, null),
    /** The heap setting the tasks share (spark.executor.memory, the driver's in local mode; Spark's default when unset). */
    HEAP_BYTES("heapBytes", Unit.BYTES, false, RunMetrics::heapBytes, null),
    /** A worker node's memory, from its node type; not measured when the cluster is not known. */
    WORKER_MEMORY_BYTES("workerMemoryBytes", Unit.BYTES, false, RunMetrics::workerMemoryBytes, null),
    /** Operators of the run's Photon plans that ran outside Photon (transitions between the engines not counted). */
    PHOTON_FALLBACKS("photonFallbacks", Unit.COUNT, false, RunMetrics::photonFallbacks, null),
    /**
     * What the run's broadcast joins broadcast, summed. Not scaled by input: what a run broadcasts is mostly dimension
     * tables, whose size does not follow the facts read, so a side still broadcast in a run that read twice the input
     * must not pass as "half as much per input byte".
     */
    BROADCAST_BYTES("broadcastBytes", Unit.BYTES, false, RunMetrics::broadcastBytes, null),
    /** Most tasks running at once per task executor: what spark.task.cpus and the executor's cores allow. */
    TASKS_AT_ONCE("tasksAtOnce", Unit.COUNT, false, RunMetrics::tasksAtOnce, null),
    GC_SHARE("gcShare", Unit.SHARE, false, RunMetrics::gcShare, (run, s) -> RunMetrics.gcShare(s)),
    /** Memory spilled. */
    SPILL_BYTES("spillBytes", Unit.BYTES, true, run -> RunMetrics.sum(run, TaskMetric.MEMORY_BYTES_SPILLED),
            (run, s) -> s.sum(TaskMetric.MEMORY_BYTES_SPILLED)),
    DISK_SPILL_BYTES("diskSpillBytes", Unit.BYTES, true, run -> RunMetrics.sum(run, TaskMetric.DISK_BYTES_SPILLED),
            (run, s) -> s.sum(TaskMetric.DISK_BYTES_SPILLED)),
    /** Bytes written to shuffle files: what a broadcast or a coalesce takes off the network and the disks. */
    SHUFFLE_WRITE_BYTES("shuffleWriteBytes", Unit.BYTES, true, run -> RunMetrics.sum(run, TaskMetric.SHUFFLE_WRITE_BYTES),
            (run, s) -> s.sum(TaskMetric.SHUFFLE_WRITE_BYTES)),
    /** Successful tasks. */
    TASKS("tasks", Unit.COUNT, true, RunMetrics::tasks, (run, s) -> s.successfulTasks()),
    /** Failed attempts, killed speculative copies excluded. */
    FAILED_TASKS("failedTasks", Unit.COUNT, false, run -> RunMetrics.failures(run, -1, f -> true),
            (run, s) -> RunMetrics.failures(run, s.stageId(), f -> true)),
    OUT_OF_MEMORY_FAILURES("outOfMemoryFailures", Unit.COUNT, false, run -> RunMetrics.outOfMemoryFailures(run, -1),
            (run, s) -> RunMetrics.outOfMemoryFailures(run, s.stageId())),
    /** Lost executor or FetchFailed. */
    EXECUTOR_LOST_FAILURES("executorLostFailures", Unit.COUNT, false, run -> RunMetrics.executorLostFailures(run, -1),
            (run, s) -> RunMetrics.executorLostFailures(run, s.stageId())),
    CPU_SHARE("cpuShare", Unit.SHARE, false, null, (run, s) -> RunMetrics.cpuShare(s)),
    MAX_TO_MEDIAN("maxToMedian", Unit.RATIO, false, null, (run, s) -> RunMetrics.maxToMedian(s)),
    MEDIAN_TASK_MS("medianTaskMs", Unit.DURATION, false, null, (run, s) -> s.metric(TaskMetric.DURATION).p50()),
    WALL_MS("wallMs", Unit.DURATION, true, null, (run, s) -> s.wallMs()),
    /** A stage's task time summed: the slot-hours it held. */
    TASK_MS("taskMs", Unit.DURATION, true, null, (run, s) -> s.sum(TaskMetric.EXECUTOR_RUN_TIME)),
    /** A stage's CPU (task threads and GC) over its wall time times the nodes' cores: how busy its nodes' CPUs were. */
    NODE_CPU_SHARE("nodeCpuShare", Unit.SHARE, false, null, RunMetrics::nodeCpuShare),
    /** What arrived over what was processed in the recent micro-batches of the run's streaming query that lags most. */
    STREAM_RATE_RATIO("streamRateRatio", Unit.RATIO, false, RunMetrics::streamRateRatio, null),
    /** A serverless run's list cost from billing; unmeasured before billing has it, and for a run with an event log. */
    RUN_DOLLARS("runDollars", Unit.DOLLARS, false,
            run -> run.serverless().filter(ServerlessRun::priced).map(ServerlessRun::dollars).orElse(Double.NaN), null);

    /** How a value reads for people. */
    public enum Unit {
        DURATION, BYTES, SHARE, COUNT, RATIO, DOLLARS;

        public String format(double value) {
            return switch (this) {
                case DURATION -> Format.duration((long) value);
                case BYTES -> Format.bytes((long) value);
                case SHARE -> Format.percent(value);
                case COUNT -> Long.toString(Math.round(value));
                case RATIO -> Format.ratio(value) + "x";
                case DOLLARS -> "$" + Format.decimals(value, 2);
            };
        }
    }

    /** A metric of one stage of a run. */
    interface OfStage {
        double of(RunView run, StageFacts stage);
    }

    private static final Map<String, Metric> BY_ID = Arrays.stream(values()).collect(Collectors.toMap(m -> m.id, Function.identity()));

    private final String id;
    private final Unit unit;
    private final boolean scalesWithInput;
    private final ToDoubleFunction<RunView> ofRun;
    private final OfStage ofStage;

    Metric(String id, Unit unit, boolean scalesWithInput, ToDoubleFunction<RunView> ofRun, OfStage ofStage) {
        this.id = id;
        this.unit = unit;
        this.scalesWithInput = scalesWithInput;
        this.ofRun = ofRun;
        this.ofStage = ofStage;
    }

    /** The id stored in the checks of pending follow-ups: stable across versions. */
    public String id() {
        return id;
    }

    public Unit unit() {
        return unit;
    }

    /** Whether it grows with what the run read, so that a run that read more is compared per input. */
    public boolean scalesWithInput() {
        return scalesWithInput;
    }

    /** The metric with this stored id; empty for one this version does not know (stored by another). */
    public static Optional<Metric> byId(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    /** This metric of the whole run. */
    public MetricRef ofRun() {
        if (ofRun == null) {
            throw new IllegalArgumentException(id + " is measured per stage only");
        }
        return new MetricRef(id, MetricRef.WHOLE_RUN);
    }

    /** This metric of one stage: {@code SPILL_BYTES.ofStage(3)} is stored as {@code stage[3].spillBytes}. */
    public MetricRef ofStage(int stageId) {
        if (ofStage == null) {
            throw new IllegalArgumentException(id + " is measured on the whole run only");
        }
        return new MetricRef(id, stageId);
    }

    boolean perStage() {
        return ofStage != null;
    }

    boolean ofRunToo() {
        return ofRun != null;
    }

    double measure(RunView run) {
        return ofRun.applyAsDouble(run);
    }

    double measure(RunView run, StageFacts stage) {
        return ofStage.of(run, stage);
    }
}
