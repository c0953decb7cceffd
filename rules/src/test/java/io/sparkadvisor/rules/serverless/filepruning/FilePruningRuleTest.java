package io.sparkadvisor.rules.serverless.filepruning;

import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilePruningRuleTest {
    @Test
    void firesOnTheInsertThatReadFourThousandSmallFiles() {
        Finding f = ServerlessRuns.finding(NIGHTLY, FilePruningRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("01f0c2a1-7d3e-1b4a-9c55-3e8f2a6d0b11", f.evidence().get("statementId"));
        assertEquals(4213L, f.evidence().get("readFiles"));
        assertTrue(f.title().contains("4,213 files"), f.title());
        // 4,213 opens of 4 MiB against 8.6 GiB read: two thirds of the statement's work.
        double opens = 4213.0 * (4 << 20);
        double share = opens / (opens + (long) (8.6 * (1L << 30)));
        assertEquals(Math.round((612_000 - 14_000 - 2_400) * share), f.savings().runtimeMs(), 1);
        assertTrue(f.savings().dollars() > 0);
        Change compact = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("table", compact.scope());
        assertFalse(compact.applicable(), "OPTIMIZE is a statement people run");
    }

    @Test
    void fullReadsThatKeepATinyShareAreTheOtherKind() {
        Finding f = ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, Map.of(FilePruningRule.MIN_FILES.key(), "5000")),
                FilePruningRule.ID).orElseThrow();
        assertEquals(0L, f.evidence().get("prunedFiles"));
        assertTrue((double) f.evidence().get("shareKept") < 0.01);
        assertTrue(f.title().contains("with no file pruned"), f.title());
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
    }

    @Test
    void silentOnAHealthyRunThatPrunesAndReadsLargeFiles() {
        assertTrue(ServerlessRuns.finding(HEALTHY, FilePruningRule.ID).isEmpty());
    }
}
