package io.sparkadvisor.rules.serverless.photon;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.WAREHOUSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import org.junit.jupiter.api.Test;

class PhotonShareRuleTest {
    @Test
    void firesOnTheStatementThatRanAFifthOfItsTaskTimeInPhoton() {
        Finding f = ServerlessRuns.finding(WAREHOUSE, PhotonShareRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("01f0c4d5-0a1b-1c2d-8e3f-4a5b6c7d8e01", f.evidence().get("statementId"));
        double share = 4_100_000.0 / 21_600_000;
        assertEquals(share, (double) f.evidence().get("photonShare"), 1e-3);
        // Without billing, the saving is time: the work outside Photon at twice the speed.
        long execution = 1_380_000 - 1_800 - (262_000 - 2);
        assertEquals(Math.round(execution * (1 - share) * 0.5), f.savings().runtimeMs(), 1);
        assertEquals(0, f.savings().dollars());
    }

    @Test
    void silentWhereTheSourceRecordsNoPhotonTimeAndOnAStatementMostlyInPhoton() {
        // The system table has no Photon column: the job runs' statements carry none.
        assertTrue(ServerlessRuns.finding(NIGHTLY, PhotonShareRule.ID).isEmpty());
        assertTrue(ServerlessRuns.finding(HEALTHY, PhotonShareRule.ID).isEmpty());
        assertTrue(ServerlessRuns.advise(WAREHOUSE).findings().stream().noneMatch(f -> f.rule().equals(PhotonShareRule.ID)
                && !f.evidence().get("statementId").equals("01f0c4d5-0a1b-1c2d-8e3f-4a5b6c7d8e01")));
    }
}
