package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_MIN_MEDIAN_TASK_MS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_NOISE_RATIO;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO;

import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link MetricCheck}s several rules' steps share, worded once, for the whole run
 * ({@link #ofRun()}) or one stage ({@link #ofStage(int)}). Counts of failures and spilled bytes
 * have no noise to allow for, so "no new" is at most the baseline and "none" is below one.
 */
public final class Checks {
    private final int stageId;
    private final String where;

    /** The shared check sentences, in messages/checks.yaml. */
    static final String MESSAGES = "checks";

    private Checks(int stageId, String where) {
        this.stageId = stageId;
        this.where = where;
    }

    public static Checks ofRun() {
        return new Checks(-1, Messages.of(MESSAGES, Map.of()).text("theRun"));
    }

    public static Checks ofStage(int stageId) {
        return new Checks(stageId, Messages.of(MESSAGES, Map.of("stageId", stageId)).text("stage"));
    }

    private String text(String name) {
        return text(name, Map.of());
    }

    private String text(String name, Map<String, Object> values) {
        Map<String, Object> scope = new HashMap<>(values);
        scope.put("where", where);
        return Messages.of(MESSAGES, scope).text(name);
    }

    /** The metric in this scope: the run's {@code gcShare} or stage 3's. */
    public MetricRef metric(Metric metric) {
        return stageId < 0 ? metric.ofRun() : metric.ofStage(stageId);
    }

    /** The run's duration, or the stage's wall time, within run-to-run noise of the baseline's. */
    public MetricCheck notSlower(Thresholds t) {
        return atMostSlower(t.get(FOLLOW_UP_NOISE_RATIO));
    }

    /** The same, allowing the slowdown a step that trades time for cost accepts. */
    public MetricCheck notMuchSlower(Thresholds t) {
        return atMostSlower(t.get(FOLLOW_UP_TRADE_OFF_RATIO));
    }

    private MetricCheck atMostSlower(double ratio) {
        MetricRef duration = stageId < 0 ? Metric.APP_DURATION_MS.ofRun() : metric(Metric.WALL_MS);
        return new MetricCheck(duration, Comparison.AT_MOST_BASELINE_TIMES, ratio,
                text("atMostSlower", Map.of("slower", Format.percent(ratio - 1))));
    }

    /**
     * At least {@code fewer} successful tasks fewer than the baseline's: a change that merges partitions (AQE's
     * coalescing, a smaller count) shows in the tasks the run or stage schedules, whatever else its day brings.
     */
    public MetricCheck fewerTasks(long fewer) {
        return new MetricCheck(metric(Metric.TASKS), Comparison.AT_MOST_BASELINE_MINUS, fewer,
                text("fewerTasks", Map.of("fewer", fewer)));
    }

    /** At least {@code less} shuffle bytes fewer written than the baseline's: a join side no longer shuffled shows here. */
    public MetricCheck lessShuffle(long less) {
        return new MetricCheck(metric(Metric.SHUFFLE_WRITE_BYTES), Comparison.AT_MOST_BASELINE_MINUS, less,
                text("lessShuffle", Map.of("bytes", Format.bytes(less))));
    }

    /** The median task stays long enough to be worth scheduling after a step that adds partitions. */
    public MetricCheck tasksLongEnough(Thresholds t) {
        double minMs = t.get(FOLLOW_UP_MIN_MEDIAN_TASK_MS);
        return new MetricCheck(metric(Metric.MEDIAN_TASK_MS), Comparison.AT_LEAST, minMs,
                text("tasksLongEnough", Map.of("minMedian", Format.duration((long) minMs))));
    }

    /** GC stays below {@code follow-up.maxGcShare}, the steps' "10% of task time". */
    public MetricCheck gcUnder(Thresholds t) {
        return gcUnder(t, GeneralThresholds.FOLLOW_UP_MAX_GC_SHARE);
    }

    /** GC stays below a rule's own bound (gc-pressure's medium rung). */
    public MetricCheck gcUnder(Thresholds t, Threshold limit) {
        double bound = t.get(limit);
        return new MetricCheck(metric(Metric.GC_SHARE), Comparison.BELOW, bound,
                text("gcUnder", Map.of("gcBound", Format.percent(bound))));
    }

    public MetricCheck noOutOfMemory() {
        return new MetricCheck(metric(Metric.OUT_OF_MEMORY_FAILURES), Comparison.BELOW, 1,
                text("noOutOfMemory"));
    }

    public MetricCheck noExecutorLost() {
        return new MetricCheck(metric(Metric.EXECUTOR_LOST_FAILURES), Comparison.BELOW, 1,
                text("noExecutorLost"));
    }

    public MetricCheck noFailedTasks() {
        return new MetricCheck(metric(Metric.FAILED_TASKS), Comparison.BELOW, 1,
                text("noFailedTasks"));
    }

    public MetricCheck noNewFailedTasks() {
        return new MetricCheck(metric(Metric.FAILED_TASKS), Comparison.AT_MOST_BASELINE_TIMES, 1,
                text("noNewFailedTasks"));
    }

    /** Memory spill does not rise above the baseline's (none stays none). */
    public MetricCheck noNewSpill() {
        return new MetricCheck(metric(Metric.SPILL_BYTES), Comparison.AT_MOST_BASELINE_TIMES, 1,
                text("noNewSpill"));
    }

    public MetricCheck noDiskSpill() {
        return new MetricCheck(metric(Metric.DISK_SPILL_BYTES), Comparison.BELOW, 1, text("noDiskSpill"));
    }
}
