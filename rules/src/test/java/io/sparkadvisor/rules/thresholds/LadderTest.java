package io.sparkadvisor.rules.thresholds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Severity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LadderTest {
    private static final Threshold LOW = new Threshold("test.low", 0.08, 0, 1, "share", "low rung", Sources.OURS + "test");
    private static final Threshold MEDIUM = new Threshold("test.medium", 0.1, 0, 1, "share", "medium rung", Sources.OURS + "test");
    private static final Threshold HIGH = new Threshold("test.high", 0.15, 0, 1, "share", "high rung", Sources.OURS + "test");

    @Test
    void aValueTakesTheHighestRungItReaches() {
        Ladder gc = Ladder.rising(LOW, MEDIUM, HIGH);
        Thresholds t = Thresholds.defaults();
        assertEquals(Severity.INFO, gc.of(valuesOf(t), 0.079));
        assertEquals(Severity.LOW, gc.of(valuesOf(t), 0.08));
        assertEquals(Severity.MEDIUM, gc.of(valuesOf(t), 0.1));
        assertEquals(Severity.MEDIUM, gc.of(valuesOf(t), 0.149));
        assertEquals(Severity.HIGH, gc.of(valuesOf(t), 0.15));
        assertEquals(Severity.HIGH, gc.of(valuesOf(t), 0.9));
    }

    @Test
    void fallingLaddersCountDownFromTheFloor() {
        Ladder cpu = Ladder.mediumThenHighBelow(LOW);
        assertEquals(Severity.MEDIUM, cpu.of(valuesOf(Thresholds.defaults()), 0.09));
        assertEquals(Severity.HIGH, cpu.of(valuesOf(Thresholds.defaults()), 0.08));
    }

    @Test
    void rungsOutOfOrderAreRefusedAtDeclaration() {
        assertThrows(ThresholdException.class, () -> Ladder.rising(HIGH, MEDIUM, LOW));
    }

    @Test
    void anOverrideThatBreaksARuleLadderNamesIt() {
        ThresholdException e = assertThrows(ThresholdException.class,
                () -> Thresholds.withOverrides(Map.of("skew.highShareOfStage", "0.5", "general.highAppShare", "0.3",
                        "gc-pressure.mediumRatio", "0.05")));
        assertTrue(e.getMessage().contains("gc-pressure.mediumRatio"), e.getMessage());
    }

    /** The test rungs are not in the catalogue: read them at their defaults. */
    private static Thresholds valuesOf(Thresholds t) {
        return Thresholds.of(Map.of(LOW.key(), LOW.defaultValue(), MEDIUM.key(), MEDIUM.defaultValue(),
                HIGH.key(), HIGH.defaultValue()));
    }
}
