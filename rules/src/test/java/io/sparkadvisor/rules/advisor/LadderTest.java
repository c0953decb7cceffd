package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LadderTest {
    @Test
    void mapsEachRungAndItsEdges() {
        // Dr. Elephant's GC ladder 0.08/0.1/0.15 (its 0.2 critical rung folds into high).
        assertEquals(Severity.INFO, Ladder.severity(0.079, 0.08, 0.1, 0.15));
        assertEquals(Severity.LOW, Ladder.severity(0.08, 0.08, 0.1, 0.15));
        assertEquals(Severity.LOW, Ladder.severity(0.099, 0.08, 0.1, 0.15));
        assertEquals(Severity.MEDIUM, Ladder.severity(0.1, 0.08, 0.1, 0.15));
        assertEquals(Severity.HIGH, Ladder.severity(0.15, 0.08, 0.1, 0.15));
        assertEquals(Severity.HIGH, Ladder.severity(0.9, 0.08, 0.1, 0.15));
    }
}
