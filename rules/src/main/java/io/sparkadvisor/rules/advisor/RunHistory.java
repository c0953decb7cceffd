package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_HISTORY_RUNS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_INPUT_CHANGE_RATIO;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_MAX_INPUT_CHANGE_RATIO;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_NOISE_WIDTH;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a step is judged against: the baseline run and the job's earlier runs with the same setup, which give each
 * check's metric a {@link NoiseBand}; metrics that grow with the input are set to the judged run's input when it read
 * a different amount. The baseline's facts may be missing (its log gone): the checks' stored values then stand alone.
 */
public final class RunHistory {
    private final RunFacts baseline;
    private final List<RunFacts> comparable;
    private final Thresholds thresholds;
    private final StageMatcher matcher;

    private RunHistory(RunFacts baseline, List<RunFacts> comparable, Thresholds thresholds) {
        this.baseline = baseline;
        this.comparable = comparable;
        this.thresholds = thresholds;
        this.matcher = new StageMatcher(thresholds);
    }

    /** The check's metric on another run of the job, a stage check on the stage that does its stage's work there. */
    public MetricCheck.Reading read(MetricCheck check, RunFacts run) {
        return read(check, new RunView(run));
    }

    public MetricCheck.Reading read(MetricCheck check, RunView run) {
        return check.on(run, matcher);
    }

    /**
     * {@code earlier}: the job's runs before the baseline, newest first; those with another setup are left out, and
     * of the rest at most {@code follow-up.historyRuns} count. {@code baseline} null: its log is gone.
     */
    public static RunHistory of(RunFacts baseline, List<RunFacts> earlier, Thresholds t) {
        List<RunFacts> comparable = baseline == null ? List.of() : earlier.stream().filter(r -> SameSetup.of(r, baseline))
                .limit((long) t.get(FOLLOW_UP_HISTORY_RUNS)).toList();
        return new RunHistory(baseline, comparable, t);
    }

    /** The baseline run alone, as before the history was read. */
    public static RunHistory baselineOnly(RunFacts baseline) {
        return of(baseline, List.of(), Thresholds.defaults());
    }

    public Optional<RunFacts> baseline() {
        return Optional.ofNullable(baseline);
    }

    /**
     * The check's metric before the change, as a band over the comparable runs (each set to the baseline's input),
     * with how much more or less {@code after} read; empty when the baseline cannot measure it.
     */
    public Optional<Before> before(MetricCheck check, Optional<RunFacts> after) {
        OptionalDouble measured = check.baseline() != null ? OptionalDouble.of(check.baseline())
                : baseline == null ? OptionalDouble.empty() : check.metric().value(baseline);
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        if (baseline == null || !check.metric().scalesWithInput()) {
            return Optional.of(new Before(band(check, measured.getAsDouble(), false), OptionalDouble.empty()));
        }
        RunInput base = RunInput.of(baseline);
        OptionalDouble afterInput = after.isEmpty() ? OptionalDouble.empty() : inputChange(RunInput.of(after.get()), base);
        return Optional.of(new Before(band(check, measured.getAsDouble(), true), afterInput));
    }

    private NoiseBand band(MetricCheck check, double baselineValue, boolean perInput) {
        List<Double> values = new ArrayList<>(List.of(baselineValue));
        RunInput base = baseline == null ? null : RunInput.of(baseline);
        for (RunFacts run : comparable) {
            OptionalDouble value = read(check, run).value();
            if (value.isPresent()) {
                OptionalDouble times = perInput ? inputChange(base, RunInput.of(run)) : OptionalDouble.empty();
                values.add(value.getAsDouble() * (times.isPresent() ? times.getAsDouble() : 1));
            }
        }
        return NoiseBand.of(values, thresholds.get(FOLLOW_UP_NOISE_WIDTH));
    }

    /** How many times {@code from}'s input {@code to} read, when beyond follow-up.inputChangeRatio (and within its maximum). */
    private OptionalDouble inputChange(RunInput to, RunInput from) {
        return to.differentFrom(from, thresholds.get(FOLLOW_UP_INPUT_CHANGE_RATIO), thresholds.get(FOLLOW_UP_MAX_INPUT_CHANGE_RATIO));
    }

    /**
     * A check's baseline: its band on the baseline's input, and the judged run's input over the baseline's when it
     * differs beyond follow-up.inputChangeRatio for a metric that grows with the input.
     */
    public record Before(NoiseBand band, OptionalDouble inputTimes) {
        /** The band the judged run is held to: per input byte when the inputs differ. */
        public NoiseBand onJudgedInput() {
            return inputTimes.isPresent() ? band.scaled(inputTimes.getAsDouble()) : band;
        }
    }
}
