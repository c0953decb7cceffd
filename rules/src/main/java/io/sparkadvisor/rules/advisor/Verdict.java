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
     * One check: the metric on the baseline (the band's median) and on the next run (empty when that run cannot
     * measure it), the baseline's noise band and input scaling when the history gave them, and for a stage check
     * which stage of the next run was read, or why none could be.
     */
    public record Row(MetricCheck check, OptionalDouble before, OptionalDouble after, boolean passed,
            Optional<RunHistory.Before> baseline, Optional<StageMatch> stage) {

        public Row(MetricCheck check, OptionalDouble before, OptionalDouble after, boolean passed) {
            this(check, before, after, passed, Optional.empty(), Optional.empty());
        }

        public String beforeText() {
            return text(before);
        }

        public String afterText() {
            return !check.metric().known() || stage.filter(m -> !m.found()).isPresent() ? Messages.of(Checks.MESSAGES, Map.of()).text("notComparable") : text(after);
        }

        /**
         * What the verdict says of what was read: a metric this version does not know, another stage id than the
         * checked stage's, or a stage not comparable; empty otherwise.
         */
        public Optional<String> stageNote() {
            return check.metric().unknownNote().or(() -> stage.filter(m -> !m.sameId()).map(StageMatch::note));
        }

        /** Only one run gave the baseline of a check that compares with it. */
        public boolean bandIsGuess() {
            return baseline.map(b -> b.band().guess()).orElse(false) && check.comparison().againstBaseline();
        }

        private String text(OptionalDouble value) {
            return value.isPresent() ? check.metric().format(value.getAsDouble()) : Messages.of(Checks.MESSAGES, Map.of()).text("notMeasured");
        }
    }

    /** A step without checks does not pass: nothing shows it worked, so a person has to judge it. */
    public boolean passed() {
        return runSucceeded && !rows.isEmpty() && rows.stream().allMatch(Row::passed);
    }

    /** Some check compares with a baseline that only one run gave: its band is a guess. */
    public boolean bandIsGuess() {
        return rows.stream().anyMatch(Row::bandIsGuess);
    }
}
