package io.sparkadvisor.bot.followup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.bot.followup.PredictionAccuracy.RuleAccuracy;
import io.sparkadvisor.bot.store.Predictions.Judged;
import io.sparkadvisor.rules.advisor.Prediction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-rule figures of `spark-advisor accuracy`, on outcomes whose arithmetic is easy to follow. */
class PredictionAccuracyTest {
    /** 100 s predicted to become 60 s. */
    private static final Prediction FORTY_OFF = new Prediction(100_000, 60_000, false);

    @Test
    void realisedSharesAndErrorsPerRule() {
        List<RuleAccuracy> byRule = PredictionAccuracy.byRule(List.of(
                judged("skew", 60_000),   // as predicted: 100% realised, 0 error
                judged("skew", 80_000),   // half the saving: 50%, a third slower than predicted
                judged("skew", 63_000),   // 92.5%, 5% off
                judged("spill", 110_000))); // slower than before: -25%, 83% off

        RuleAccuracy skew = byRule.get(0);
        assertEquals("skew", skew.rule());
        assertEquals(3, skew.judged());
        assertEquals(0.925, skew.medianRealised(), 1e-9);
        assertEquals(0.05, skew.medianAbsError(), 1e-9);
        assertEquals(2, skew.close(), "within 10% of the predicted run time: the first and the third");
        RuleAccuracy spill = byRule.get(1);
        assertEquals(-0.25, spill.medianRealised(), 1e-9);
        assertEquals(50.0 / 60, spill.medianAbsError(), 1e-9);
        assertEquals(0, spill.close());
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, PredictionAccuracy.median(List.of(4.0, 1.0, 3.0, 2.0)), 1e-9);
    }

    private static Judged judged(String rule, long actualMs) {
        return new Judged(rule + "-rec", rule, 1, 7, FORTY_OFF.against(actualMs));
    }
}
