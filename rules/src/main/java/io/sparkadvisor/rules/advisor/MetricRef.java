package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link Metric} of a whole run or of one stage, as a {@link MetricCheck} names it. Stored by its string form, which
 * checks written by every earlier version use: {@code appDurationMs} for the run, {@code stage[3].spillBytes} for a
 * stage. Built in code through the catalogue ({@code Metric.SPILL_BYTES.ofStage(3)}); read back from a stored row with
 * {@link #parse}, which never fails: a metric this version does not measure reads as unknown, and a check on it is not
 * comparable ({@link #unknownNote}).
 *
 * @param id      the metric's stored id ({@link Metric#id()})
 * @param stageId the stage, {@link #WHOLE_RUN} for the whole run
 */
public record MetricRef(String id, int stageId) {
    public static final int WHOLE_RUN = -1;
    private static final Pattern STAGE_FORM = Pattern.compile("stage\\[(\\d{1,9})]\\.(\\w+)");

    /** A reference in its stored form; one that names no known metric, or is malformed, reads as unknown. */
    @JsonCreator
    public static MetricRef parse(String stored) {
        Matcher m = STAGE_FORM.matcher(stored);
        return m.matches() ? new MetricRef(m.group(2), Integer.parseInt(m.group(1))) : new MetricRef(stored, WHOLE_RUN);
    }

    /** The catalogue's entry; empty when this version does not know the stored id. */
    public Optional<Metric> metric() {
        return Metric.byId(id).filter(m -> stageId == WHOLE_RUN ? m.ofRunToo() : m.perStage());
    }

    public boolean known() {
        return metric().isPresent();
    }

    public boolean perStage() {
        return stageId != WHOLE_RUN;
    }

    /** The same metric of another stage: {@code stage[2].wallMs} of stage 5 is {@code stage[5].wallMs}. */
    public MetricRef ofStage(int otherStageId) {
        return perStage() ? new MetricRef(id, otherStageId) : this;
    }

    /** Its value on a run; empty when the run has no such stage (the job's code changed), cannot measure it, or the metric is unknown. */
    public OptionalDouble value(RunFacts facts) {
        return value(new RunView(facts));
    }

    /** As {@link #value(RunFacts)}, on a run as the rules see it: a serverless run's cost too. */
    public OptionalDouble value(RunView run) {
        if (metric().isEmpty()) {
            return OptionalDouble.empty();
        }
        Metric metric = metric().get();
        if (!perStage()) {
            return measured(metric.measure(run));
        }
        return run.finalStages().stream().filter(s -> s.stageId() == stageId && s.successfulTasks() > 0).findFirst()
                .map(s -> measured(metric.measure(run, s))).orElse(OptionalDouble.empty());
    }

    private static OptionalDouble measured(double value) {
        return Double.isNaN(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    /** The value as people read it, in the metric's unit (as a plain number when the metric is unknown). */
    public String format(double value) {
        return metric().map(m -> m.unit().format(value)).orElseGet(() -> Format.ratio(value));
    }

    public boolean scalesWithInput() {
        return metric().map(Metric::scalesWithInput).orElse(false);
    }

    /** Why a check on this reference cannot be judged; empty when its metric is known. */
    public Optional<String> unknownNote() {
        return known() ? Optional.empty() : Optional.of(Messages.of(Checks.MESSAGES, Map.of("metric", toString())).text("unknownMetric"));
    }

    /** The stored form. */
    @JsonValue
    @Override
    public String toString() {
        return perStage() ? "stage[" + stageId + "]." + id : id;
    }
}
