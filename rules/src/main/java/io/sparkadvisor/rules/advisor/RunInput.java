package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.OptionalDouble;

/**
 * What a run read from its sources, in bytes and records: the size run time, task count, slot time, shuffle and
 * spill grow with. A job that read twice the data is compared per input byte, not failed for taking longer.
 */
public record RunInput(long bytes, long records) {
    public static RunInput of(RunFacts run) {
        var stages = new RunView(run).finalStages();
        return new RunInput(stages.stream().mapToLong(s -> s.sum(TaskMetric.INPUT_BYTES)).sum(),
                stages.stream().mapToLong(s -> s.sum(TaskMetric.INPUT_RECORDS)).sum());
    }

    /** How many times this run's input {@code other} read: by bytes when both read bytes, else by records; empty when unknown. */
    public OptionalDouble timesOf(RunInput other) {
        return bytes > 0 && other.bytes > 0 ? OptionalDouble.of((double) bytes / other.bytes)
                : records > 0 && other.records > 0 ? OptionalDouble.of((double) records / other.records) : OptionalDouble.empty();
    }

    /**
     * This run's input over {@code other}'s when it differs by more than {@code ratio} either way and less than
     * {@code maxRatio}; empty when alike, unknown, or so different that the runs did other work.
     */
    public OptionalDouble differentFrom(RunInput other, double ratio, double maxRatio) {
        OptionalDouble times = timesOf(other);
        if (times.isEmpty()) {
            return times;
        }
        double spread = Math.max(times.getAsDouble(), 1 / times.getAsDouble());
        return spread > ratio && spread <= maxRatio ? times : OptionalDouble.empty();
    }
}
