package io.sparkadvisor.rules.execution.aqedisabled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AqeDisabledRuleTest {
    @Test
    void firesOnAqeOffWithEveryTinyShuffleStage() {
        Finding f = RuleTesting.fired(RuleTesting.advise("aqe-off"), "aqe-disabled");
        int tinyStages = Corpus.scenario("aqe-off").path("construction").path("tinyStages").asInt();
        List<StageFacts> reduces = Corpus.facts("aqe-off").stages().stream()
                .filter(s -> s.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0 && s.successfulTasks() == 200).toList();

        assertEquals(tinyStages, reduces.size());
        assertEquals(reduces.stream().map(StageFacts::stageId).toList(), f.stageIds());
        assertEquals(tinyStages, f.evidence().get("coalescedStages"));
        assertEquals(0, f.evidence().get("splitStages"));
        assertEquals("false", f.evidence().get("aqeSetting"));
        assertTrue(f.savings().runtimeMs() > 0, f.savings().toString());
        // A few MB over two slots: Spark's coalescing arithmetic makes two partitions of each 200.
        AqeDisabledEvidence e = AqeDisabledEvidence.of(new RunView(Corpus.facts("aqe-off")), Thresholds.defaults()).get(0);
        e.stages().forEach(s -> assertEquals(2, s.coalescedPartitions(), s.toString()));
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals(List.of(Change.sparkConf("spark.sql.adaptive.enabled", "true")), changes.stream()
                .map(c -> new Change(c.scope(), c.key(), c.value())).toList());
        assertTrue(changes.get(0).applicable());
    }

    @Test
    void silentWhenAqeRunsOrNothingWouldChange() {
        // AQE on (Spark's default) in every other scenario but skew's, whose 8 partitions are not tiny.
        for (String scenario : List.of("healthy", "shuffle-many-partitions", "smj-small-side", "skew", "cardinality-explosion")) {
            RuleTesting.silent(RuleTesting.advise(scenario), "aqe-disabled");
        }
    }

    @Test
    void silentBeforeSpark32AndUnderAHigherFloor() {
        AqeDisabledEvidence e = AqeDisabledEvidence.of(new RunView(Corpus.facts("aqe-off")), Thresholds.defaults()).get(0);
        AqeDisabledEvidence old = AqeDisabledEvidence.of("false", "3.1.2", e.stages(), false, e.appDurationMs(), "run");
        assertFalse(old.onByDefault());
        assertTrue(Findings.of("aqe-disabled", "aqe-off", Map.of("aqe-disabled.minCoalesceFactor", "1000")).isEmpty());
    }

    @Test
    void coalescingArithmeticFollowsSpark() {
        AqeStage split = new AqeStage(3, 200, 200, 2L << 30, 900, 1L << 30, 0, 12_000, 20_000);
        AqeDisabledEvidence e = AqeDisabledEvidence.of("false", "3.5.1", List.of(split), true, 60_000, "run");
        assertEquals(1, e.splitStages());
        assertEquals(0, e.coalescedStages());
        assertEquals(0.2, e.shareOfRun(), 1e-9);
    }

    @Test
    void onADeltaSkewJoinItGivesWayToTheSkewStepThatTurnsAqeOn() {
        // delta-skew-join: AQE off, a hot key in the join stage and the Delta snapshots' tiny shuffles. skew's AQE step
        // turns AQE back on, which coalesces those too: one switch, in one finding, which cites this one.
        var advice = RuleTesting.advise("delta-skew-join");
        RuleTesting.silent(advice, "aqe-disabled");
        Finding skew = RuleTesting.fired(advice, "skew");
        assertTrue(String.valueOf(skew.evidence().get("supersedes")).contains("aqe-disabled"), skew.evidence().toString());
        assertEquals(1, advice.findings().stream().flatMap(f -> f.recommendation().steps().stream())
                .flatMap(st -> st.changes().stream()).filter(c -> c.key().equals("spark.sql.adaptive.enabled")).count());
    }

    @Test
    void onDatabricksItSaysWhereTheOverrideLives() {
        // aqe-off on a Databricks job cluster whose spark_conf does not turn AQE off: the job's code does.
        Finding f = RuleTesting.fired(RuleTesting.advise(RuleTesting.withCluster("aqe-off", "aws-i3-dedicated.json"), Map.of()),
                "aqe-disabled");
        assertEquals("code", f.evidence().get("setBy"));
        assertTrue(f.recommendation().preconditions().stream().anyMatch(p -> p.contains("the job's code or session turns it off")),
                f.recommendation().preconditions().toString());
        assertEquals("run", RuleTesting.fired(RuleTesting.advise("aqe-off"), "aqe-disabled").evidence().get("setBy"));
    }
}
