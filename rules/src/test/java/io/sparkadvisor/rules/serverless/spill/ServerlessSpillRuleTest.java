package io.sparkadvisor.rules.serverless.spill;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.knowledge.serverless.StatementFacts;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerlessSpillRuleTest {
    private static final String MERGE = "01f0c2a1-97d9-1f3a-8d16-4e2b7c9a0d55";

    @Test
    void firesOnTheMergeThatSpilledWithItsShareOfTheRunsCost() {
        Finding f = ServerlessRuns.finding(NIGHTLY, ServerlessSpillRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(MERGE, f.evidence().get("statementId"));
        StatementFacts merge = ServerlessFixtures.run(NIGHTLY).statements().stream()
                .filter(s -> s.statementId().equals(MERGE)).findFirst().orElseThrow();
        assertEquals(merge.spillBytes(), f.evidence().get("spillBytes"));
        double statementDollars = ServerlessFixtures.run(NIGHTLY).dollarsOf(merge);
        double spillShare = (double) merge.spillBytes() / (merge.spillBytes() + merge.readBytes());
        assertEquals(statementDollars * spillShare, f.savings().dollars(), 0.01);
        assertTrue(f.savings().upperBound());
        assertEquals(0, f.savings().coreHours(), "serverless bills DBUs, not cores");
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
    }

    @Test
    void silentOnAHealthyRunWhoseMergeSpilledLittle() {
        assertTrue(ServerlessRuns.finding(HEALTHY, ServerlessSpillRule.ID).isEmpty());
    }

    @Test
    void aHigherFloorSilencesIt() {
        assertTrue(ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, Map.of(ServerlessSpillRule.MIN_BYTES.key(), "1e11")),
                ServerlessSpillRule.ID).isEmpty());
    }
}
