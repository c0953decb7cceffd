package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.RestartMessages.Row;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The verdict on a step a continuous job's restart put in effect, apart from reading runs and from recording and
 * posting: the new run's latest full window of batches against the same window of the run before the restart. The step
 * passes when the query falls no further behind (input over processing, within follow-up.noiseRatio, or keeping up),
 * its median batch takes no longer and no more batches overrun their trigger (both within the noise), its backlog grows
 * no faster, and its state holds no more rows than follow-up.tradeOffRatio times before.
 */
final class WindowJudge {
    private WindowJudge() {}

    /** How much of a query's history a window covers, from the threshold catalogue. */
    record Size(int batches, Duration span, double noise, double tradeOff) {
        static Size of(Thresholds t) {
            return new Size(t.getInt(GeneralThresholds.FOLLOW_UP_STREAMING_WINDOW_BATCHES),
                    Duration.ofMinutes(t.getLong(GeneralThresholds.FOLLOW_UP_STREAMING_WINDOW_MINUTES)),
                    t.get(GeneralThresholds.FOLLOW_UP_NOISE_RATIO), t.get(GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO));
        }
    }

    /** The verdict: the transition that records it, and one row per measure both windows have. */
    record Judged(Transition transition, List<Row> rows) {
        boolean passed() {
            return transition == Transition.VERIFY;
        }
    }

    static Judged judge(BatchWindow before, BatchWindow after, Size size) {
        List<Row> rows = new ArrayList<>();
        if (!Double.isNaN(before.arrivalRatio()) && !Double.isNaN(after.arrivalRatio())) {
            rows.add(new Row("input / processing rate", Format.decimals(before.arrivalRatio(), 2) + "x", Format.decimals(after.arrivalRatio(), 2) + "x",
                    after.arrivalRatio() <= Math.max(before.arrivalRatio(), 1) * size.noise()));
        }
        rows.add(new Row("median batch time", Format.duration(before.medianBatchMs()), Format.duration(after.medianBatchMs()),
                after.medianBatchMs() <= before.medianBatchMs() * size.noise()));
        both(before.overTriggerShare(), after.overTriggerShare()).ifPresent(b -> rows.add(new Row("batches over their trigger",
                Format.percent(b[0]), Format.percent(b[1]), b[1] <= b[0] + (size.noise() - 1))));
        both(before.backlogGrowth(), after.backlogGrowth()).ifPresent(b -> rows.add(new Row("offsets behind latest, growth",
                signed(b[0]), signed(b[1]), b[1] <= Math.max(b[0], 0) * size.noise())));
        both(before.stateRows(), after.stateRows()).ifPresent(b -> rows.add(new Row("state rows at the end",
                String.format(Locale.ROOT, "%,d", (long) b[0]), String.format(Locale.ROOT, "%,d", (long) b[1]),
                b[1] <= Math.max(b[0], 1) * size.tradeOff())));
        boolean passed = rows.stream().allMatch(Row::passed);
        return new Judged(passed ? Transition.VERIFY : Transition.FAIL_CHECKS, List.copyOf(rows));
    }

    private static Optional<double[]> both(OptionalDouble before, OptionalDouble after) {
        return before.isPresent() && after.isPresent() ? Optional.of(new double[] {before.getAsDouble(), after.getAsDouble()})
                : Optional.empty();
    }

    private static Optional<double[]> both(OptionalLong before, OptionalLong after) {
        return before.isPresent() && after.isPresent() ? Optional.of(new double[] {before.getAsLong(), after.getAsLong()})
                : Optional.empty();
    }

    private static String signed(double n) {
        return String.format(Locale.ROOT, "%+,d", (long) n);
    }
}
