package io.sparkadvisor.bot.compare;

import io.sparkadvisor.rules.advisor.SameSetup;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A job's usual runs: its latest earlier runs with the setup of the newest of them (a change the asked run brought
 * then stays a cause, not part of the baseline), and the run at their median run time, the default baseline.
 *
 * @param runs the runs of the band, newest first
 */
public record HistoryBand(List<ReadRun> runs) {

    public HistoryBand {
        runs = List.copyOf(runs);
    }

    /** Empty when no earlier run delivered a log. {@code earlier}: newest first. */
    static Optional<HistoryBand> of(List<ReadRun> earlier) {
        if (earlier.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new HistoryBand(earlier.stream().filter(r -> SameSetup.of(r.facts(), earlier.get(0).facts())).toList()));
    }

    /** The run whose time is the band's median (the faster of the two middles of an even count). */
    public ReadRun medianRun() {
        List<ReadRun> sorted = runs.stream().sorted(Comparator.comparingLong(ReadRun::durationMs)).toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
