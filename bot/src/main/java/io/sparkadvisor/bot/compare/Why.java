package io.sparkadvisor.bot.compare;

import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.rules.compare.Comparison;

/** The answer to "why did this run take longer?": the comparison with its baseline, or that the job has no history to compare with. */
public sealed interface Why {
    ReadRun run();

    /**
     * @param bandRuns  the runs of the history band the baseline is the median of; 0 when the baseline was asked for
     * @param waterfall baseline run time, each moved stage's delta, this run's time
     */
    record Explained(ReadRun run, ReadRun baseline, int bandRuns, Comparison comparison, Chart waterfall) implements Why {}

    /** No earlier run of the job delivered an event log (or the run belongs to no job). */
    record NoHistory(ReadRun run) implements Why {}
}
