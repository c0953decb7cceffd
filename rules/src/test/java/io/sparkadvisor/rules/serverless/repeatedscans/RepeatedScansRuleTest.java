package io.sparkadvisor.rules.serverless.repeatedscans;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepeatedScansRuleTest {
    @Test
    void firesOnThreeStatementsReadingTheSameFilesWhole() {
        Finding f = ServerlessRuns.finding(NIGHTLY, RepeatedScansRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(List.of("01f0c2a1-8a10-1c2f-8e21-7b4d9c3e5f22", "01f0c2a1-8f42-1d77-a0b3-2c6e8d1f4a33",
                "01f0c2a1-9366-1e05-b7c4-9d1a3f5e7c44"), f.evidence().get("statementIds"));
        assertEquals(320L, f.evidence().get("readFiles"));
        // Every scan after the first: two thirds of the three statements' cost.
        assertEquals((double) f.evidence().get("statementsDollars") * 2 / 3, f.savings().dollars(), 0.01);
    }

    @Test
    void silentWhenFewerStatementsRepeatTheReadThanTheFloor() {
        assertTrue(ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, Map.of(RepeatedScansRule.MIN_SCANS.key(), "4")),
                RepeatedScansRule.ID).isEmpty());
    }

    @Test
    void silentOnAHealthyRunWhoseReadsArePruned() {
        assertTrue(ServerlessRuns.finding(HEALTHY, RepeatedScansRule.ID).isEmpty());
    }
}
