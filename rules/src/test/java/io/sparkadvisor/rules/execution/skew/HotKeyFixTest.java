package io.sparkadvisor.rules.execution.skew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HotKeyFixTest {
    @Test
    void theDeltaJoinsHotMarketIsJoinedApartWithTheMarketsFewRowsBroadcast() {
        Finding f = Findings.of("skew", "delta-skew-join").orElseThrow();

        String code = HotKeyFix.code(f.evidence(), "7", "INT").orElseThrow();

        assertTrue(code.contains("HOT = 7;"), code);
        assertTrue(code.contains("lh, lc = left.where(F.col(\"market_id\").eqNullSafe(HOT))"), code);
        assertTrue(code.contains("joined = lc.join(rc, [\"market_id\"], \"inner\").unionByName(lh.join(F.broadcast(rh),"
                + " [\"market_id\"], \"inner\"))"), code);
    }

    @Test
    void valuesBecomePythonLiteralsOfTheirType() {
        assertEquals("2147", HotKeyFix.literal("2147", "BIGINT"));
        assertEquals("\"DE\\\"x\"", HotKeyFix.literal("DE\"x", "STRING"));
        assertEquals("None", HotKeyFix.literal(null, "STRING"));
        assertEquals("True", HotKeyFix.literal("true", "BOOLEAN"));
        assertEquals("\"2026-12-01\"", HotKeyFix.literal("2026-12-01", "DATE"));
    }

    @Test
    void aFindingWithoutJoinKeysHasNoTargetedFix() {
        assertEquals(Optional.empty(), HotKeyFix.code(Map.of("partitionKeys", List.of("market_id")), "7", "INT"));
    }
}
