package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A check of a step that the follow-up evaluates on the next run: a {@link Metric} of
 * that run (or of one of its stages, {@link MetricRef}) compared to a fixed bound or to a multiple of the same metric on the baseline run.
 * {@code baseline} is that metric on the run the advice came from, measured when the advice was
 * made (null when it could not be): the follow-up then needs neither that run's event log, which
 * log retention may have deleted by the job's next run, nor the time to read it again. {@code stage}
 * is the signature of the stage a per-stage metric names, taken on that run: in another run the check
 * reads the stage found by it, not the stage that happens to carry the same id (null: a whole-run
 * metric, or a check stored before signatures, which reads by id).
 */
public record MetricCheck(MetricRef metric, Comparison comparison, double bound, String text, Double baseline,
        StageSignature stage) {

    /** A check not measured yet; the advisor measures it on the run it advises on. */
    public MetricCheck(MetricRef metric, Comparison comparison, double bound, String text) {
        this(metric, comparison, bound, text, null, null);
    }

    public MetricCheck(MetricRef metric, Comparison comparison, double bound, String text, Double baseline) {
        this(metric, comparison, bound, text, baseline, null);
    }

    /**
     * This check with its metric measured on {@code run}, the run its stage id refers to, and that stage's signature
     * (the value unchanged when the run cannot measure it).
     */
    public MetricCheck measuredOn(RunFacts run) {
        var value = metric.value(run);
        StageSignature signature = stage != null ? stage : StageSignature.of(run, metric.stageId()).orElse(null);
        // Boxed on both branches: a ternary of double and a null Double would unbox the null.
        Double measured = value.isPresent() ? Double.valueOf(value.getAsDouble()) : baseline;
        return new MetricCheck(metric, comparison, bound, text, measured, signature);
    }

    /** This check judged against {@code run} instead: its metric read there ({@link #on}), null when that run cannot measure it. */
    public MetricCheck rebasedOn(RunFacts run) {
        var value = on(run).value();
        return new MetricCheck(metric, comparison, bound, text, value.isPresent() ? Double.valueOf(value.getAsDouble()) : null, stage);
    }

    /** The check's metric on another run of its job, its stage found there by signature with the default thresholds. */
    public Reading on(RunFacts run) {
        return on(run, StageMatcher.defaults());
    }

    /**
     * The check's metric on another run of its job: a per-stage metric is read on the stage {@code matcher} finds
     * there; when it finds none, nothing is read and the match says why.
     */
    public Reading on(RunFacts run, StageMatcher matcher) {
        return on(new RunView(run), matcher);
    }

    /** As {@link #on(RunFacts, StageMatcher)}, on a run as the rules see it (a serverless run's cost too). */
    public Reading on(RunView view, StageMatcher matcher) {
        RunFacts run = view.facts();
        if (stage == null) {
            return new Reading(metric.value(view), Optional.empty());
        }
        StageMatch match = matcher.find(stage, run);
        OptionalDouble value = match.found() ? metric.ofStage(match.stageId()).value(run) : OptionalDouble.empty();
        return new Reading(value, Optional.of(match));
    }

    /**
     * A check's metric read on a run: its value (empty when the run cannot measure it) and, for a stage check, which
     * stage of the run was read or why none was.
     */
    public record Reading(OptionalDouble value, Optional<StageMatch> stage) {
        public static final Reading NONE = new Reading(OptionalDouble.empty(), Optional.empty());
    }

    public enum Comparison {
        /** after &lt; bound */
        BELOW,
        /** after ≤ bound */
        AT_MOST,
        /** after ≥ bound */
        AT_LEAST,
        /** after &gt; bound × before */
        ABOVE_BASELINE_TIMES,
        /** after ≤ bound × before */
        AT_MOST_BASELINE_TIMES,
        /** after ≤ before - bound: at least {@code bound} less than before */
        AT_MOST_BASELINE_MINUS,
        /** after ≥ before + bound: at least {@code bound} more than before */
        AT_LEAST_BASELINE_PLUS;

        /** Whether the bound is set against the baseline's value (not a fixed one). */
        public boolean againstBaseline() {
            return this != BELOW && this != AT_MOST && this != AT_LEAST;
        }
    }

    public boolean passes(double before, double after) {
        return switch (comparison) {
            case BELOW -> after < bound;
            case AT_MOST -> after <= bound;
            case AT_LEAST -> after >= bound;
            case ABOVE_BASELINE_TIMES -> after > bound * before;
            case AT_MOST_BASELINE_TIMES -> after <= bound * before;
            case AT_MOST_BASELINE_MINUS -> after <= before - bound;
            case AT_LEAST_BASELINE_PLUS -> after >= before + bound;
        };
    }
}
