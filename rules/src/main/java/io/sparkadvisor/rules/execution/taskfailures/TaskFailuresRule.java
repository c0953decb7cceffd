package io.sparkadvisor.rules.execution.taskfailures;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_CONFIGURATION;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** task-failures: a stage's task attempts fail and are retried; decided in task-failures.drl, advised by {@link TaskFailuresAdvice}. */
public final class TaskFailuresRule {
    public static final String ID = "task-failures";

    public static final Threshold MIN_FAILED_ATTEMPTS = new Threshold(ID + ".minFailedAttempts", 2, 1, 1_000_000,
            "failed task attempts in the stage",
            "A stage needs at least this many failed attempts (killed speculative copies excluded) before its failure"
                    + " rate counts: one retry is a preempted node, not a pattern.",
            OURS + "one failed attempt is what a single preempted node or lost container costs any job");
    public static final Threshold LOW_RATE = new Threshold(ID + ".lowRate", 0.05, 0, 1, "failed / (failed + successful) task attempts",
            "Task failures are low severity from this failure rate.",
            DR_ELEPHANT_TUNING + " (DEFAULT_TASK_FAILURE_RATE_SEVERITY_THRESHOLDS, low = 0.05)");
    public static final Threshold MEDIUM_RATE = new Threshold(ID + ".mediumRate", 0.1, 0, 1, "failed / all task attempts",
            "Task failures are medium severity from this rate.",
            DR_ELEPHANT_TUNING + " (DEFAULT_TASK_FAILURE_RATE_SEVERITY_THRESHOLDS, moderate = 0.1)");
    public static final Threshold HIGH_RATE = new Threshold(ID + ".highRate", 0.15, 0, 1, "failed / all task attempts",
            "Task failures are high severity from this rate, and always when a task used up its retries.",
            DR_ELEPHANT_TUNING + " (DEFAULT_TASK_FAILURE_RATE_SEVERITY_THRESHOLDS, severe = 0.15)");
    public static final Threshold RETRIES_USED_SHARE = new Threshold(ID + ".retriesUsedShare", 0.5, 0, 1,
            "failed attempts of one task / spark.task.maxFailures",
            "A stage where one task failed this share of the attempts spark.task.maxFailures allows is at least medium,"
                    + " however short the stage or low its failure rate: the job is that close to failing.",
            SPARK_CONFIGURATION + " (spark.task.maxFailures: the job fails when one task fails this many attempts); "
                    + OURS + "at half the attempts spent (2 of Spark's default 4) the next bad node or input fails the run");
    public static final Threshold OVERHEAD_STEP_BYTES = new Threshold(ID + ".overheadStepBytes", 1L << 30, 1L << 20, 1L << 40,
            "bytes", "The lost-executor step raises spark.executor.memoryOverhead by this much.",
            SPARK_CONFIGURATION + " (spark.executor.memoryOverhead defaults to 10% of the heap, at least 384 MiB); "
                    + OURS + "one GiB more is a step a container killed for memory notices");
    public static final Threshold PARTITIONS_FACTOR = new Threshold(ID + ".partitionsFactor", 2, 1, 100,
            "x the run's spark.sql.shuffle.partitions",
            "The out-of-memory step of a shuffle stage multiplies the shuffle partitions by this, which divides each"
                    + " task's share of the data by it.",
            OURS + "doubling halves each task's working set, the same step as halving the tasks per executor");

    public static final Ladder SEVERITY = Ladder.rising(LOW_RATE, MEDIUM_RATE, HIGH_RATE);

    public static final Rule<TaskFailuresEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, TaskFailuresEvidence.class,
            TaskFailuresEvidence::of, TaskFailuresAdvice::remedy, List.of(MIN_FAILED_ATTEMPTS, LOW_RATE, MEDIUM_RATE,
                    HIGH_RATE, RETRIES_USED_SHARE, OVERHEAD_STEP_BYTES, PARTITIONS_FACTOR), List.of(SEVERITY), FindingChart.NONE, true);

    private TaskFailuresRule() {}
}
