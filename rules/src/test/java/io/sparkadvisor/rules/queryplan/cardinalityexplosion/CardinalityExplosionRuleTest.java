package io.sparkadvisor.rules.queryplan.cardinalityexplosion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.queryplan.Conjuncts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CardinalityExplosionRuleTest {
    @Test
    void firesOnTheCardinalityScenarioWithTheRowsOfTheRawLog() {
        JsonNode built = Corpus.scenario("cardinality-explosion").path("construction");
        Finding f = Findings.of("cardinality-explosion", "cardinality-explosion").orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("BroadcastHashJoin", f.evidence().get("operator"));
        assertEquals(built.path("leftRows").asLong() + built.path("rightRows").asLong(), f.evidence().get("rowsIn"));
        assertEquals(built.path("joinOutputRows").asLong(), f.evidence().get("rowsOut"));
        assertEquals(built.path("filterOutputRows").asLong(), f.evidence().get("rowsKept"));
        assertEquals((double) built.path("filterOutputRows").asLong() / built.path("joinOutputRows").asLong(),
                (double) f.evidence().get("shareKept"), 1e-9);
        assertEquals("UDF(l_id, r_id)", f.evidence().get("filterCondition"));
        // The condition reads both sides: nothing can run before the join, so the advice is fewer candidates.
        assertEquals(List.of(List.of(), List.of()), f.evidence().get("inputConditions"));
        assertEquals(1, f.recommendation().steps().size());
        assertEquals("fewer candidates", f.recommendation().steps().get(0).changes().get(0).key());
    }

    @Test
    void silentOnHealthyAndSpill() {
        // spill's plan has a Filter keeping 1 row in 8 above a Window: no row-multiplying operator below it.
        assertTrue(Findings.of("cardinality-explosion", "healthy").isEmpty());
        assertTrue(Findings.of("cardinality-explosion", "spill").isEmpty());
    }

    @Test
    void aHigherFloorSilencesIt() {
        assertTrue(Findings.of("cardinality-explosion", Corpus.facts("cardinality-explosion"),
                Map.of("cardinality-explosion.minRowsOut", "1e10")).isEmpty());
    }

    @Test
    void partsOfTheConditionThatReadOneInputMoveBelowTheJoin() {
        List<Integer> joinStage = Corpus.facts("cardinality-explosion").sqlExecutions().get(0).nodes().stream()
                .filter(PlanNode::isJoin).findFirst().orElseThrow().stageIds();
        RunFacts f = withPlan(List.of(
                node(0, -1, "Filter", "Filter ((l_id#2L > 5) AND ((((l_id#2L * 7) + r_id#8L) % 5000) = 0))", 1_200_000, joinStage),
                node(1, 0, "BroadcastHashJoin", "BroadcastHashJoin [k#3L], [k#9L], Inner, BuildRight, false",
                        3_000_000_000L, joinStage),
                node(2, 1, "Project", "Project [id#0L AS l_id#2L, (id#0L % 10) AS k#3L]", 300_000, joinStage),
                node(3, 1, "Project", "Project [id#6L AS r_id#8L, (id#6L % 10) AS k#9L]", 100_000, List.of())));
        Finding finding = Findings.of("cardinality-explosion", f, Map.of()).orElseThrow();

        assertEquals(List.of(List.of("l_id > 5"), List.of()), finding.evidence().get("inputConditions"));
        assertEquals(List.of("(((l_id * 7) + r_id) % 5000) = 0"), finding.evidence().get("conditionsAcross"));
        assertEquals(2, finding.recommendation().steps().size());
        assertTrue(finding.recommendation().steps().get(0).changes().get(0).value()
                .startsWith("left = left.where(\"l_id > 5\");"), finding.recommendation().steps().get(0).toString());
    }

    @Test
    void splitsOnlyTopLevelAnds() {
        assertEquals(List.of("a#1 > 0", "b#2 = 1 OR c#3 = 2", "isnotnull(d#4)"),
                Conjuncts.split("((a#1 > 0) AND ((b#2 = 1 OR c#3 = 2)) AND isnotnull(d#4))"));
        assertEquals("(rn = 1)", Conjuncts.readable("(rn#9 = 1)"));
    }

    /** The scenario's run with its SQL plan replaced: real stage timings, the given operators. */
    private static RunFacts withPlan(List<PlanNode> nodes) {
        RunFacts f = Corpus.facts("cardinality-explosion");
        SqlExecutionFacts real = f.sqlExecutions().get(0);
        SqlExecutionFacts sql = new SqlExecutionFacts(real.executionId(), real.description(), real.startMs(),
                real.endMs(), nodes, real.jobIds(), real.stageIds(), List.of(), List.of(), List.of());
        return new RunFacts(f.application(), f.coverage(), f.properties(), f.executors(), f.jobs(), f.stages(),
                f.failures(), f.slots(), f.timeline(), List.of(sql), f.cluster());
    }

    private static PlanNode node(int id, int parent, String name, String simpleString, long rows, List<Integer> stages) {
        return new PlanNode(id, parent, name, simpleString, Map.of("number of output rows", rows), Map.of(), stages);
    }
}
