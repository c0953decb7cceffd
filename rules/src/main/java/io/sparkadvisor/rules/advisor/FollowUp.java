package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Evaluates a step's {@link MetricCheck}s on the run after the change against its baseline: the values measured when
 * the advice was made, else the baseline run's facts (null when its event log is gone; such a check then fails as
 * unmeasured), with the noise band the job's comparable earlier runs give ({@link RunHistory}). A stage check reads
 * the next run's stage that does what the checked stage did ({@link StageMatcher}), whatever its id.
 */
public final class FollowUp {
    private FollowUp() {}

    /** {@code runSucceeded} is what the scheduler reported; a Spark job that failed inside the run fails it too. */
    public static Verdict evaluate(List<MetricCheck> checks, RunFacts baseline, RunFacts after, boolean runSucceeded) {
        return evaluate(checks, RunHistory.baselineOnly(baseline), after, runSucceeded);
    }

    public static Verdict evaluate(List<MetricCheck> checks, RunHistory history, RunFacts after, boolean runSucceeded) {
        return evaluate(checks, history, new RunView(after), runSucceeded);
    }

    /** As above, on the judged run as the rules see it: a serverless run's cost can be checked too. */
    public static Verdict evaluate(List<MetricCheck> checks, RunHistory history, RunView after, boolean runSucceeded) {
        boolean allJobsSucceeded = after.facts().jobs().stream().map(JobFacts::result).allMatch("JobSucceeded"::equals);
        List<Verdict.Row> rows = checks.stream().map(c -> row(c, history, Optional.of(after.facts()), history.read(c, after))).toList();
        return new Verdict(runSucceeded && allJobsSucceeded, rows);
    }

    /**
     * A run whose event log never arrived (a run that failed early, or a delivery that stopped):
     * nothing measured, so the step cannot be shown to hold and fails.
     */
    public static Verdict withoutLog(List<MetricCheck> checks, RunHistory history, boolean runSucceeded) {
        return new Verdict(runSucceeded, checks.stream().map(c -> row(c, history, Optional.empty(), MetricCheck.Reading.NONE)).toList());
    }

    /**
     * A metric either run cannot measure fails: the check cannot be shown to hold; so does a stage check whose stage
     * the next run does not have (not comparable, and the row says why).
     */
    private static Verdict.Row row(MetricCheck check, RunHistory history, Optional<RunFacts> after, MetricCheck.Reading reading) {
        Optional<RunHistory.Before> before = history.before(check, after);
        OptionalDouble measured = reading.value();
        boolean passed = before.isPresent() && measured.isPresent() && before.get().onJudgedInput().admits(check, measured.getAsDouble());
        OptionalDouble median = before.map(b -> OptionalDouble.of(b.band().median())).orElse(OptionalDouble.empty());
        return new Verdict.Row(check, median, measured, passed, before, reading.stage());
    }
}
