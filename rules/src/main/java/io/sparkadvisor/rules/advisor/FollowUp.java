package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Evaluates a step's {@link MetricCheck}s on the run after the change against the baseline run the
 * advice came from: the values measured when the advice was made, else that run's facts
 * ({@code baseline}, null when its event log is gone; such a check then fails as unmeasured). A stage check reads
 * the next run's stage that does what the checked stage did ({@link StageMatcher}), whatever its id.
 */
public final class FollowUp {
    private FollowUp() {}

    /** Whether judging {@code checks} needs the baseline run's facts: some were not measured at advice time (older advice). */
    public static boolean needsBaselineRun(List<MetricCheck> checks) {
        return checks.stream().anyMatch(c -> c.baseline() == null);
    }

    /** {@code runSucceeded} is what the scheduler reported; a Spark job that failed inside the run fails it too. */
    public static Verdict evaluate(List<MetricCheck> checks, RunFacts baseline, RunFacts after, boolean runSucceeded) {
        boolean allJobsSucceeded = after.jobs().stream().map(JobFacts::result).allMatch("JobSucceeded"::equals);
        List<Verdict.Row> rows = checks.stream().map(c -> row(c, baseline, c.on(after))).toList();
        return new Verdict(runSucceeded && allJobsSucceeded, rows);
    }

    /**
     * A run whose event log never arrived (a run that failed early, or a delivery that stopped):
     * nothing measured, so the step cannot be shown to hold and fails.
     */
    public static Verdict withoutLog(List<MetricCheck> checks, RunFacts baseline, boolean runSucceeded) {
        return new Verdict(runSucceeded, checks.stream().map(c -> row(c, baseline, MetricCheck.Reading.NONE)).toList());
    }

    /**
     * A metric either run cannot measure fails: the check cannot be shown to hold; so does a stage check whose stage
     * the next run does not have (not comparable, and the row says why).
     */
    private static Verdict.Row row(MetricCheck check, RunFacts baseline, MetricCheck.Reading reading) {
        OptionalDouble after = reading.value();
        OptionalDouble before = check.baseline() != null ? OptionalDouble.of(check.baseline())
                : baseline == null ? OptionalDouble.empty() : RunMetrics.value(baseline, check.metric());
        boolean passed = before.isPresent() && after.isPresent() && check.passes(before.getAsDouble(), after.getAsDouble());
        return new Verdict.Row(check, before, after, passed, reading.stage());
    }
}
