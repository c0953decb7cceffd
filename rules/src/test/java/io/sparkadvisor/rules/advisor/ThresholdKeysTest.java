package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.ThresholdCatalogue;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** One key style, <rule-id or general or follow-up or node or memory or compare>.<camelCase>; renamed keys still work as aliases. */
class ThresholdKeysTest {
    private static final Pattern STYLE = Pattern.compile("[a-z]+(-[a-z]+)*\\.[a-z][a-zA-Z0-9]*");

    @Test
    void everyKeyFollowsOneStyleAndBelongsToARuleOrTheSharedSpaces() {
        for (Threshold t : ThresholdCatalogue.all().values()) {
            assertTrue(STYLE.matcher(t.key()).matches(), t.key() + " breaks the key style");
            String space = t.key().substring(0, t.key().indexOf('.'));
            assertTrue(Rules.ids().contains(space) || space.equals("general") || space.equals("follow-up") || space.equals("node")
                    || space.equals("memory") || space.equals("compare"),
                    t.key() + " belongs to no rule");
        }
    }

    @Test
    void aDeprecatedKeyStillSetsTheRenamedThreshold() {
        Thresholds t = Thresholds.withOverrides(Map.of("followUp.noiseRatio", "1.2"));
        assertEquals(1.2, t.get(GeneralThresholds.FOLLOW_UP_NOISE_RATIO));
        assertEquals(GeneralThresholds.FOLLOW_UP_NOISE_RATIO, ThresholdCatalogue.byKey("followUp.noiseRatio").orElseThrow());
    }
}
