package io.sparkadvisor.rules.advisor;

/**
 * What a finding predicts of its job's next runs: the analysed run took {@code baselineMs}, and
 * with the cause removed it should take {@code baselineMs} less the finding's run-time saving. Held
 * to account by the follow-up, which sets the run that came after a step against it.
 *
 * @param upperBound the saving assumes the cause gone entirely (a step may remove part of it)
 */
public record Prediction(long baselineMs, long predictedMs, boolean upperBound) {

    /** The prediction of a finding on a run of {@code baselineMs}; null when the finding predicts no run-time saving. */
    public static Prediction of(Finding finding, long baselineMs) {
        long saving = finding.savings().runtimeMs();
        return saving <= 0 || baselineMs <= 0 ? null
                : new Prediction(baselineMs, Math.max(0, baselineMs - saving), finding.savings().upperBound());
    }

    public long predictedSavingMs() {
        return baselineMs - predictedMs;
    }

    /** How a run that took {@code actualMs} measures up. */
    public Outcome against(long actualMs) {
        return new Outcome(this, actualMs);
    }

    /**
     * @param actualMs what the judged run took
     */
    public record Outcome(Prediction prediction, long actualMs) {
        /** The share of the predicted saving the run realised: 1 as predicted, 0 nothing, negative slower than before. */
        public double realisedShare() {
            return (double) (prediction.baselineMs() - actualMs) / prediction.predictedSavingMs();
        }

        /** How far the run's time was from the predicted time, as a share of the predicted time (+ slower, - faster). */
        public double error() {
            return (double) (actualMs - prediction.predictedMs()) / Math.max(1, prediction.predictedMs());
        }
    }
}
