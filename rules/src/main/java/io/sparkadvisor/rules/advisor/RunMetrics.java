package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metrics a {@link MetricCheck} names, measured the same way on the baseline and the next run:
 * {@code appDurationMs}, and per stage {@code stage[ID].cpuShare}, {@code .gcShare}, {@code .maxToMedian}.
 * Stage ids match across runs of the same job code, so a stage is found by its id in both.
 */
public final class RunMetrics {
    public static final String APP_DURATION_MS = "appDurationMs";
    private static final Pattern STAGE_METRIC = Pattern.compile("stage\\[(\\d+)]\\.(cpuShare|gcShare|maxToMedian)");

    private RunMetrics() {}

    public static String stageCpuShare(int stageId) {
        return "stage[" + stageId + "].cpuShare";
    }

    public static String stageGcShare(int stageId) {
        return "stage[" + stageId + "].gcShare";
    }

    public static String stageMaxToMedian(int stageId) {
        return "stage[" + stageId + "].maxToMedian";
    }

    /** Empty when the run has no such stage (the job's code changed) or the name is unknown. */
    public static OptionalDouble value(RunFacts facts, String metric) {
        RunView run = new RunView(facts);
        if (metric.equals(APP_DURATION_MS)) {
            return OptionalDouble.of(run.appDurationMs());
        }
        Matcher m = STAGE_METRIC.matcher(metric);
        if (!m.matches()) {
            return OptionalDouble.empty();
        }
        int stageId = Integer.parseInt(m.group(1));
        return run.finalStages().stream().filter(s -> s.stageId() == stageId && s.successfulTasks() > 0).findFirst()
                .map(s -> switch (m.group(2)) {
                    case "cpuShare" -> cpuShare(s);
                    case "gcShare" -> gcShare(s);
                    default -> maxToMedian(s);
                }).map(OptionalDouble::of).orElse(OptionalDouble.empty());
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

    /** The value as people read it: a duration, a percentage or a ratio. */
    public static String format(String metric, double value) {
        if (metric.endsWith("Ms")) {
            return Format.duration((long) value);
        }
        return metric.endsWith("Share") ? Format.percent(value) : Format.ratio(value) + "x";
    }
}
