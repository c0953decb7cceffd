package io.sparkadvisor.rules.advisor;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The follow-up's judgement of a step on the run after it: one row per check, and whether the run
 * itself succeeded. A failed run fails the step whatever its metrics say.
 */
public record Verdict(boolean runSucceeded, List<Row> rows) {

    /**
     * One check: the metric on the baseline and on the next run (empty when that run cannot measure it), and for a
     * stage check which stage of the next run was read, or why none could be.
     */
    public record Row(MetricCheck check, OptionalDouble before, OptionalDouble after, boolean passed, Optional<StageMatch> stage) {

        public Row(MetricCheck check, OptionalDouble before, OptionalDouble after, boolean passed) {
            this(check, before, after, passed, Optional.empty());
        }

        public String beforeText() {
            return text(before);
        }

        public String afterText() {
            return stage.filter(m -> !m.found()).isPresent() ? Messages.of(Checks.MESSAGES, Map.of()).text("notComparable") : text(after);
        }

        /** What the verdict says of the stage read: another id than the checked stage's, or not comparable; empty otherwise. */
        public Optional<String> stageNote() {
            return stage.filter(m -> !m.sameId()).map(StageMatch::note);
        }

        private String text(OptionalDouble value) {
            return value.isPresent() ? RunMetrics.format(check.metric(), value.getAsDouble()) : Messages.of(Checks.MESSAGES, Map.of()).text("notMeasured");
        }
    }

    /** A step without checks does not pass: nothing shows it worked, so a person has to judge it. */
    public boolean passed() {
        return runSucceeded && !rows.isEmpty() && rows.stream().allMatch(Row::passed);
    }
}
