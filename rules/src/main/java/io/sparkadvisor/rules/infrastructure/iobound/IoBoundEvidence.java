package io.sparkadvisor.rules.infrastructure.iobound;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.MachineShares;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.whatif.SlotSimulator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A stage whose tasks hold slots while waiting: CPU time far below run time while more tasks than
 * slots queue. Carries the cluster facts the preconditions of SPARK_WORKER_CORES depend on, and the
 * two steps' slot counts with the what-if replay's prediction for each.
 * Waiting is what is neither CPU nor GC (GC runs outside the task thread's CPU time).
 * A streaming query's stage is judged across the micro-batches that ran it ({@link RecurringStage}): its times are
 * summed over them, and the median batch must wait and queue as one batch run's stage must, so that one batch that
 * waited raises nothing.
 *
 * @param stageId the stage
 * @param tasks successful tasks of the stage
 * @param slots task slots of the run
 * @param cpuShare CPU time of the task threads / executor run time
 * @param gcShare JVM GC time / executor run time
 * @param medianTaskMs the median task's duration (in the median batch, for a streaming stage)
 * @param queuedTaskMs time the stage's tasks waited for a slot after the stage was submitted, summed (over every batch
 *        that ran it, for a streaming stage)
 * @param meanQueuedMs the average task's wait for a slot (in the median batch, for a streaming stage)
 * @param queuedShare queued task time / executor run time
 * @param stageWallMs the stage's wall time, submission to completion (summed over its batches, for a streaming stage)
 * @param appShare the stage's wall time / the run's duration
 * @param workerCores cores of a worker node (the local master's cores in local mode)
 * @param slotsStep1 the run's slots once step 1 sets SPARK_WORKER_CORES to {@code io-bound-slots.step1Factor} x the cores
 * @param slotsStep2 the run's slots at step 2 ({@code io-bound-slots.step2Factor} x the cores)
 * @param predictedMsStep1 the run's duration the what-if replay predicts at step 1's slots
 * @param predictedMsStep2 the run's duration the replay predicts at step 2's slots
 * @param whatIfModelError the replay's error at the observed slots
 * @param machineNodes from system.compute.node_timeline over the stage's minutes: the most workers up; 0 without its rows
 * @param machineCpuShare the workers' user plus system CPU in the stage's median minute (0-1); 0 without node_timeline rows
 * @param machineCpuP90 the same in its 90th percentile minute; 0 without node_timeline rows
 * @param machineCpuWaitShare the workers' CPU waiting on local disk in the median minute; 0 without node_timeline rows
 * @param runTimeMs executor run time of the stage's tasks, summed (at least 1)
 * @param cpuTimeMs executor CPU time of the stage's tasks, summed
 * @param appDurationMs the run's duration
 * @param step1 SPARK_WORKER_CORES at step 1
 * @param step2 SPARK_WORKER_CORES at step 2
 * @param observedMs the run's duration as the replay measures it at the observed slots
 * @param blocker what keeps SPARK_WORKER_CORES from working on this cluster, {@link Blocker#NONE} when nothing is known against it
 * @param cluster the cluster's shape, when known
 * @param executorCores spark.executor.cores, when set
 * @param pythonWorkers whether the stage runs Python code in Python worker processes: a Python or Arrow UDF operator in
 *        its plan (BatchEvalPython, ArrowEvalPython, the *InPandas and *InArrow operators), or, with no SQL plan, an RDD
 *        action called from a Python file (Spark's call site {@code <action> at <file>.py:<line>}); their CPU runs outside
 *        the task thread, so a low CPU share there is no sign of waiting
 * @param workerCoresSet the slots per node already in place: SPARK_WORKER_CORES as the cluster's spark_env_vars set it, or the
 *        cores an executor of the log ran with when above the node's cores (the log's run already had them); 0 when neither
 * @param multiThreaded whether the run's tasks declare threads of their own (spark.task.cpus above 1): the task thread's CPU
 *        is then a part of what a task uses, so its low share is no sign of waiting
 * @param machineMeasured whether node_timeline rows covered the stage: then the machines' CPU must be low too
 * @param batches the micro-batches of a streaming query that ran the stage; 1 for a stage of a batch run
 * @param batchComputeShare the median over those batches of each batch's computeShare (computeShare for a batch run's
 *        stage)
 * @param batchQueuedShare the median over those batches of each batch's queuedShare (queuedShare for a batch run's stage)
 * @param queryId the streaming query whose micro-batches ran the stage; empty for a stage of a batch run
 */
public record IoBoundEvidence(int stageId, int tasks, int slots, double cpuShare, double gcShare, long medianTaskMs,
        long queuedTaskMs, long meanQueuedMs, double queuedShare, long stageWallMs, double appShare, int workerCores,
        int slotsStep1, int slotsStep2, long predictedMsStep1, long predictedMsStep2, double whatIfModelError,
        int machineNodes, double machineCpuShare, double machineCpuP90, double machineCpuWaitShare, @Internal long runTimeMs, @Internal long cpuTimeMs, @Internal long appDurationMs, @Internal int step1,
        @Internal int step2, @Internal long observedMs, @Internal Blocker blocker, @Internal Optional<ClusterShape> cluster,
        @Internal Optional<Integer> executorCores, @Internal boolean pythonWorkers, @Internal int workerCoresSet,
        @Internal boolean multiThreaded, @Internal boolean machineMeasured, long batches, double batchComputeShare,
        double batchQueuedShare, @Internal String queryId) implements Evidence {

    /** Plan operators that hand rows to Python worker processes. */
    private static final Pattern PYTHON_OPERATOR = Pattern.compile(
            "EvalPython|InPandas|InArrow|PythonMapInArrow|MapInArrow|PythonUDF|FlatMapCoGroupsInArrow");
    /** Spark's call site of an action called from Python: {@code reduce at pi.py:39}, {@code collect at <stdin>:1}. */
    private static final Pattern PYTHON_CALL_SITE = Pattern.compile("\\bat (\\S+\\.py|<stdin>):\\d+");

    /** Why SPARK_WORKER_CORES cannot work on a cluster. */
    public enum Blocker {
        NONE,
        /** A single-node cluster runs no Worker process. */
        SINGLE_NODE,
        /** Standard (shared) access mode passes only an allowed list of environment variables to Spark. */
        STANDARD_ACCESS
    }

    /** The steps depend on the run only, so the replay predicts them once for all stages. */
    public static List<IoBoundEvidence> of(RunView run, Thresholds t) {
        List<StageFacts> stages = run.finalStages().stream().filter(s -> s.successfulTasks() > 0).toList();
        if (stages.isEmpty()) {
            return List.of();
        }
        int cores = run.workerCores();
        int ran = run.facts().executors().stream().mapToInt(x -> x.cores()).max().orElse(0);
        int set = Math.max(run.cluster().map(c -> c.sparkEnvVars().get("SPARK_WORKER_CORES")).map(IoBoundEvidence::integer).orElse(0),
                ran > cores ? ran : 0);
        int step1 = (int) Math.round(cores * t.get(IoBoundRule.STEP1_FACTOR));
        int step2 = (int) Math.round(cores * t.get(IoBoundRule.STEP2_FACTOR));
        int current = cores;
        if (set > cores) {
            // Already raised: the steps go on from the value set, by the same increments over the cores.
            current = set;
            step1 = set + Math.max(1, step1 - cores);
            step2 = set + Math.max(2, step2 - cores);
        }
        int slotsStep1 = run.slots() * step1 / Math.max(1, current);
        int slotsStep2 = run.slots() * step2 / Math.max(1, current);
        SlotSimulator whatIf = run.whatIf();
        Steps steps = new Steps(cores, step1, step2, slotsStep1, slotsStep2, whatIf.predictMs(slotsStep1),
                whatIf.predictMs(slotsStep2), whatIf.modelError(), whatIf.observedMs());
        Optional<Integer> executorCores = run.sparkInteger("spark.executor.cores");
        boolean multiThreaded = run.sparkInteger("spark.task.cpus").filter(n -> n > 1).isPresent();
        return stages.stream().map(s -> of(run, s, steps, executorCores, set, multiThreaded)).toList();
    }

    private record Steps(int cores, int step1, int step2, int slots1, int slots2, long predicted1, long predicted2,
            double modelError, long observedMs) {}

    private static int integer(String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean pythonWorkers(RunView run, StageFacts s) {
        if (run.sqlOf(s).isPresent()) {
            return run.nodesIn(s).stream().anyMatch(n -> PYTHON_OPERATOR.matcher(n.name()).find());
        }
        return PYTHON_CALL_SITE.matcher(s.name()).find();
    }

    private static IoBoundEvidence of(RunView run, StageFacts s, Steps steps, Optional<Integer> executorCores, int set,
            boolean multiThreaded) {
        Waiting w = run.recurring(s).map(r -> Waiting.acrossBatches(r, s.successfulTasks())).orElseGet(() -> Waiting.of(s));
        MachineShares machines = MachineShares.of(run.machineUse(s));
        return new IoBoundEvidence(s.stageId(), s.successfulTasks(), run.slots(), w.cpuShare(), w.gcShare(),
                w.medianTaskMs(), w.queuedTaskMs(), w.meanQueuedMs(), (double) w.queuedTaskMs() / w.runTimeMs(), w.wallMs(),
                (double) w.wallMs() / run.appDurationMs(), steps.cores(), steps.slots1(), steps.slots2(),
                steps.predicted1(), steps.predicted2(), steps.modelError(), machines.nodes(), machines.cpuMedian(),
                machines.cpuP90(), machines.cpuWaitMedian(), w.runTimeMs(), w.cpuTimeMs(), run.appDurationMs(),
                steps.step1(), steps.step2(), steps.observedMs(), blocker(run.cluster()), run.cluster(), executorCores,
                pythonWorkers(run, s), set, multiThreaded, machines.measured(), w.batches(), w.batchComputeShare(),
                w.batchQueuedShare(), run.recurring(s).map(RecurringStage::queryId).orElse(""));
    }

    /** How a stage's tasks spent their run time: of the stage itself, or of every micro-batch that ran it. */
    private record Waiting(long runTimeMs, long cpuTimeMs, long gcTimeMs, long medianTaskMs, long queuedTaskMs,
            long meanQueuedMs, long wallMs, long batches, double batchComputeShare, double batchQueuedShare) {

        static Waiting of(StageFacts s) {
            long run = Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME));
            long cpu = s.sum(TaskMetric.EXECUTOR_CPU_TIME);
            long gc = s.sum(TaskMetric.JVM_GC_TIME);
            return new Waiting(run, cpu, gc, s.metric(TaskMetric.DURATION).p50(), s.queuedTaskMs(),
                    s.queuedTaskMs() / Math.max(1, s.successfulTasks()), s.wallMs(), 1, (double) (cpu + gc) / run,
                    (double) s.queuedTaskMs() / run);
        }

        /** Sums over the batches; the median batch's task, wait and shares ({@code tasks}: the latest batch's tasks). */
        static Waiting acrossBatches(RecurringStage r, int tasks) {
            long run = Math.max(1, r.total(TaskMetric.EXECUTOR_RUN_TIME));
            return new Waiting(run, r.total(TaskMetric.EXECUTOR_CPU_TIME), r.total(TaskMetric.JVM_GC_TIME),
                    Math.round(r.medianTaskMs().p50()), r.totalQueuedTaskMs(),
                    Math.round(r.queuedTaskMs().p50()) / Math.max(1, tasks), r.totalWallMs(), r.batches(),
                    r.computeShare().p50(), r.queuedShare().p50());
        }

        double cpuShare() {
            return (double) cpuTimeMs / runTimeMs;
        }

        double gcShare() {
            return (double) gcTimeMs / runTimeMs;
        }
    }

    /** What keeps SPARK_WORKER_CORES from working on this cluster (falling-behind steps it too). */
    public static Blocker blocker(Optional<ClusterShape> cluster) {
        if (cluster.isEmpty()) {
            return Blocker.NONE;
        }
        if (cluster.get().singleNode()) {
            return Blocker.SINGLE_NODE;
        }
        return cluster.get().dedicatedAccess().equals(Optional.of(false)) ? Blocker.STANDARD_ACCESS : Blocker.NONE;
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** Share of task run time spent computing: CPU of the task thread plus JVM garbage collection. */
    public double computeShare() {
        return cpuShare + gcShare;
    }

    /** Wall time step 1 saves, as the replay predicts it. */
    public long savedMsStep1() {
        return Math.max(0, observedMs - predictedMsStep1);
    }
}
