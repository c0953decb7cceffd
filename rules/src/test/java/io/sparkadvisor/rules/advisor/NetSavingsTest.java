package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NetSavingsTest {
    /** spark-rapids-tools' XGBoost log: partition-sizing and gc-pressure both claim the time of stage 8. */
    private static final RunFacts XGBOOST = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/xgboost_eventlog.zstd"));

    @Test
    void twoFindingsOnOneStageSaveTogetherAtMostTheStagesTime() {
        Advice both = RuleTesting.advise(XGBOOST, Map.of());
        Finding sizing = RuleTesting.fired(both, "partition-sizing");
        Finding gc = RuleTesting.finding(both, "gc-pressure").orElseThrow();
        int stage = gc.stageIds().get(0);
        assertEquals(stage, sizing.evidence().get("stageId"), "the two findings meet on one stage");
        long wall = new RunView(XGBOOST).finalStages().stream().filter(s -> s.stageId() == stage).mapToLong(StageFacts::wallMs)
                .findFirst().orElseThrow();
        Savings gross = RuleTesting.finding(RuleTesting.advise(XGBOOST, Map.of("partition-sizing.minIdleShare", "1")), "gc-pressure")
                .orElseThrow().savings();

        assertEquals(List.of(), sizing.savings().netOf(), "the first finding keeps its saving");
        assertEquals(List.of("partition-sizing"), gc.savings().netOf());
        assertEquals(gross.runtimeMs() * (double) (wall - sizing.savings().runtimeMs()) / wall, gc.savings().runtimeMs(), 1,
                "gc-pressure saves its share of what partition-sizing leaves of the stage");
        assertTrue(gc.savings().runtimeMs() < gross.runtimeMs() && gc.savings().coreHours() < gross.coreHours(), gc.savings().toString());
        assertTrue(sizing.savings().runtimeMs() + gc.savings().runtimeMs() <= wall);
        assertTrue(sizing.savings().upperBound() && gc.savings().upperBound(), "both assume their cause goes away entirely");
    }

    @Test
    void savingsClaimedInTurnNeverAddUpToMoreThanTheStage() {
        List<NetSavings.Claim> claims = List.of(claim("a", 8_000, 1), claim("b", 6_000, 1), claim("c", 5_000, 1, 2),
                claim("d", 3_000, 3), claim("e", 9_000));
        List<NetSavings.Claim> net = NetSavings.net(claims, Map.of(1, 10_000L, 2, 10_000L, 3, 4_000L));

        assertEquals(List.of(8_000L, 1_200L, 2_700L, 3_000L, 9_000L),
                net.stream().map(c -> c.finding().savings().runtimeMs()).toList());
        assertEquals(List.of("a", "b"), net.get(2).finding().savings().netOf(), "c's stages were claimed by a and b");
        assertEquals(List.of(), net.get(3).finding().savings().netOf(), "nothing else claimed stage 3");
        assertEquals(List.of(), net.get(4).finding().savings().netOf(), "a finding tied to no stage is not netted");
        assertEquals(0.06 * 0.2, net.get(1).finding().savings().coreHours(), 1e-9, "core-hours shrink with the time");
    }

    @Test
    void aFindingWhoseStageIsSpentSavesNothing() {
        List<NetSavings.Claim> net = NetSavings.net(List.of(claim("a", 10_000, 1), claim("b", 4_000, 1)), Map.of(1, 10_000L));
        assertEquals(0, net.get(1).finding().savings().runtimeMs());
        assertTrue(!net.get(1).finding().savings().any());
    }

    private static NetSavings.Claim claim(String rule, long runtimeMs, Integer... stages) {
        Finding f = new Finding(rule, Layer.EXECUTION, Severity.MEDIUM, rule, List.of(stages), Map.of(),
                new Recommendation("", List.of(), List.of(), "", ""), new Savings(runtimeMs, runtimeMs / 100_000.0));
        return new NetSavings.Claim(f, List.of(stages));
    }
}
