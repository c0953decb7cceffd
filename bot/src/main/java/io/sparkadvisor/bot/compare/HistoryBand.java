package io.sparkadvisor.bot.compare;

import io.sparkadvisor.rules.advisor.NoiseBand;
import io.sparkadvisor.rules.advisor.SameSetup;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A job's usual run time: its latest earlier runs with the setup of the newest of them (a change the asked run brought
 * then stays a cause, not part of the baseline), their run times' median and noise ({@link NoiseBand}, as the
 * follow-up's checks use it), and the run at the median, the default baseline.
 *
 * @param runs the runs of the band, newest first
 */
public record HistoryBand(List<ReadRun> runs, NoiseBand band) {

    public HistoryBand {
        runs = List.copyOf(runs);
    }

    /** Empty when no earlier run delivered a log. {@code earlier}: newest first; {@code usual}: a band over values. */
    static Optional<HistoryBand> of(List<ReadRun> earlier, Function<List<Double>, NoiseBand> usual) {
        if (earlier.isEmpty()) {
            return Optional.empty();
        }
        List<ReadRun> same = earlier.stream().filter(r -> SameSetup.of(r.facts(), earlier.get(0).facts())).toList();
        return Optional.of(new HistoryBand(same, usual.apply(same.stream().map(r -> (double) r.durationMs()).toList())));
    }

    /** The run whose time is the band's median (the faster of the two middles of an even count). */
    public ReadRun medianRun() {
        List<ReadRun> sorted = runs.stream().sorted(Comparator.comparingLong(ReadRun::durationMs)).toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * Whether a run that took {@code durationMs} took longer than the job usually does: beyond the band's noise, and
     * the band is no guess (three runs or more), since one or two runs say nothing of the job's spread.
     */
    public boolean slower(long durationMs) {
        return !band.guess() && durationMs > band.median() + band.noise();
    }
}
