package io.sparkadvisor.rules.serverless.rowexplosion;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import org.junit.jupiter.api.Test;

class RowExplosionRuleTest {
    @Test
    void firesOnTheInsertThatProducedEightyTimesTheRowsItRead() {
        Finding f = ServerlessRuns.finding(NIGHTLY, RowExplosionRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("01f0c2a1-9c0b-1a48-92e7-5f3c8b1d2e66", f.evidence().get("statementId"));
        assertEquals(183_600_000L, f.evidence().get("rowsProduced"));
        assertEquals(183_600_000.0 / 2_140_000, (double) f.evidence().get("factor"), 0.01);
        assertTrue(f.recommendation().steps().get(0).changes().get(0).value().contains("HAVING COUNT(*) > 1"));
    }

    @Test
    void silentOnAHealthyRunAndOnAWarehouseOfSmallResults() {
        assertTrue(ServerlessRuns.finding(HEALTHY, RowExplosionRule.ID).isEmpty());
        assertTrue(ServerlessRuns.finding(ServerlessRuns.WAREHOUSE, RowExplosionRule.ID).isEmpty());
    }
}
