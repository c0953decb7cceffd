package io.sparkadvisor.rules.advisor;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The follow-up's judgement of a step on the run after it: one row per check, and whether the run
 * itself succeeded. A failed run fails the step whatever its metrics say.
 */
public record Verdict(boolean runSucceeded, List<Row> rows) {

    /** One check: the metric on the baseline and on the next run (empty when that run cannot measure it). */
    public record Row(MetricCheck check, OptionalDouble before, OptionalDouble after, boolean passed) {
        public String beforeText() {
            return text(before);
        }

        public String afterText() {
            return text(after);
        }

        private String text(OptionalDouble value) {
            return value.isPresent() ? RunMetrics.format(check.metric(), value.getAsDouble()) : Messages.of(Checks.MESSAGES, java.util.Map.of()).text("notMeasured");
        }
    }

    /** A step without checks does not pass: nothing shows it worked, so a person has to judge it. */
    public boolean passed() {
        return runSucceeded && !rows.isEmpty() && rows.stream().allMatch(Row::passed);
    }
}
