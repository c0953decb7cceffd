package io.sparkadvisor.rules.serverless.queueing;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.WAREHOUSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import org.junit.jupiter.api.Test;

class QueueingRuleTest {
    @Test
    void firesOnStatementsThatWaitedAtCapacity() {
        Finding f = ServerlessRuns.finding(WAREHOUSE, QueueingRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        long queued = (262_000 - 2) + (218_000 - 30_002);
        assertEquals(queued, f.evidence().get("queuedMs"));
        assertEquals(2, f.evidence().get("statementsQueued"));
        assertEquals("01f0c4d5-0a1b-1c2d-8e3f-4a5b6c7d8e01", f.evidence().get("longestStatementId"));
        assertEquals(queued, f.savings().runtimeMs());
        assertEquals(0, f.savings().dollars(), "serverless bills no DBUs while a statement waits");
        assertTrue(f.recommendation().steps().get(0).changes().get(0).value().contains("off the hour"));
    }

    @Test
    void silentOnRunsThatWaitedSecondsForTheirStart() {
        assertTrue(ServerlessRuns.finding(NIGHTLY, QueueingRule.ID).isEmpty());
        assertTrue(ServerlessRuns.finding(HEALTHY, QueueingRule.ID).isEmpty());
    }
}
