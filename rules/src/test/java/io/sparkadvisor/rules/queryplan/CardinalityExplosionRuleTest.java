package io.sparkadvisor.rules.queryplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CardinalityExplosionRuleTest {
    @Test
    void firesOnTheCardinalityScenario() {
        // Spark pushes a filter over both join sides into the join as its condition; then no plan metric
        // counts the candidate pairs and the rule cannot see the explosion. Runs once the scenario's plan
        // keeps a Filter above the join.
        RunFacts facts = Corpus.facts("cardinality-explosion");
        assumeTrue(!CardinalityExplosionEvidence.of(new io.sparkadvisor.rules.advisor.RunView(facts)).isEmpty(),
                "the cardinality-explosion scenario's plan has no Filter above its join (the filter is fused into it)");
        Finding f = Findings.of("cardinality-explosion", facts, Map.of()).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0);
        assertTrue((double) f.evidence().get("explosionFactor") >= 10);
        assertTrue((double) f.evidence().get("shareKept") <= 0.01);
    }

    @Test
    void firesOnTheScenarioStagesWithTheFilterKeptAboveTheJoin() {
        Unfused u = Unfused.of(Corpus.facts("cardinality-explosion"));
        Finding f = Findings.of("cardinality-explosion", u.facts(), Map.of()).orElseThrow();
        JsonNode construction = Corpus.scenario("cardinality-explosion").path("construction");
        if (construction.has("joinOutputRows")) {
            assertEquals(construction.path("joinOutputRows").asLong(), u.candidates());
        }

        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("BroadcastHashJoin", f.evidence().get("operator"));
        assertEquals(u.left() + u.right(), f.evidence().get("rowsIn"));
        assertEquals(u.candidates(), f.evidence().get("rowsOut"));
        assertEquals((double) u.candidates() / (u.left() + u.right()), (double) f.evidence().get("explosionFactor"), 0.001);
        assertEquals(u.kept(), f.evidence().get("rowsKept"));
        assertEquals((double) u.kept() / u.candidates(), (double) f.evidence().get("shareKept"), 1e-9);
        assertEquals("((((l_id * 7) + r_id) % 5000) = 0)", f.evidence().get("filterCondition"));
        assertEquals(u.stageIds(), f.stageIds());
        // The condition reads both sides: nothing can run before the join, so the advice is fewer candidates.
        assertEquals(List.of(List.of(), List.of()), f.evidence().get("inputConditions"));
        assertEquals(List.of("(((l_id * 7) + r_id) % 5000) = 0"), f.evidence().get("conditionsAcross"));
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
        assertTrue(Findings.of("cardinality-explosion", Unfused.of(Corpus.facts("cardinality-explosion")).facts(),
                Map.of("cardinality-explosion.minRowsOut", "1e10")).isEmpty());
    }

    @Test
    void partsOfTheConditionThatReadOneInputMoveBelowTheJoin() {
        List<Integer> joinStage = Unfused.of(Corpus.facts("cardinality-explosion")).stageIds();
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

    /**
     * The cardinality-explosion scenario as Spark would have run it had the filter stayed above the
     * join: the scenario joins its left rows with the broadcast right rows on k = id % 10, so the join
     * generates left x right / 10 candidate pairs, of which the filter keeps the rows the scenario's
     * join reported. Stage timings are the scenario's own.
     */
    private record Unfused(RunFacts facts, long left, long right, long candidates, long kept, List<Integer> stageIds) {
        static Unfused of(RunFacts real) {
            SqlExecutionFacts sql = real.sqlExecutions().get(0);
            PlanNode join = sql.nodes().stream().filter(PlanNode::isJoin).findFirst().orElseThrow();
            List<PlanNode> sides = sql.children(join.id());
            long left = sides.get(0).outputRows().orElseGet(() -> sql.inputRows(sides.get(0).id()));
            long right = sides.get(1).outputRows().orElseGet(() -> sql.inputRows(sides.get(1).id()));
            long candidates = left * right / 10;
            long kept = join.outputRows().orElseThrow();
            RunFacts facts = withPlan(List.of(
                    node(0, -1, "HashAggregate", "HashAggregate(keys=[], functions=[count(1), sum(l_id#2L)])", 1, List.of()),
                    node(1, 0, "Filter", "Filter ((((l_id#2L * 7) + r_id#8L) % 5000) = 0)", kept, join.stageIds()),
                    node(2, 1, "BroadcastHashJoin", "BroadcastHashJoin [k#3L], [k#9L], Inner, BuildRight, false",
                            candidates, join.stageIds()),
                    node(3, 2, "Project", "Project [id#0L AS l_id#2L, (id#0L % 10) AS k#3L]", left, join.stageIds()),
                    node(4, 2, "Project", "Project [id#6L AS r_id#8L, (id#6L % 10) AS k#9L]", right, List.of())));
            return new Unfused(facts, left, right, candidates, kept, join.stageIds());
        }
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
