package io.sparkadvisor.rules.queryplan.photonfallback;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static io.sparkadvisor.rules.RuleTesting.silent;
import static io.sparkadvisor.rules.queryplan.photonfallback.PhotonRuns.Q88;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Silent on the real Databricks Photon log, whose final plan Photon ran whole ("The query is fully supported by
 * Photon"); firing on that log's real stages with a Spark operator in place of a Photon one ({@link PhotonRuns}).
 */
class PhotonFallbackTest {
    private static final String RULE = "photon-fallback";

    @Test
    void silentOnTheRealPhotonRunThatPhotonRanWhole() {
        assertTrue(Q88.platform().photonOn());
        silent(advise(Q88, Map.of()), RULE);
    }

    @Test
    void aUdfInTheHeaviestProjectIsNamedWithItsStagesTaskTimeAndRows() {
        PlanNode project = PhotonRuns.heaviest("PhotonProject");
        Finding f = finding(advise(PhotonRuns.withUdf(project), Map.of()), RULE).orElseThrow();

        long taskMs = PhotonRuns.taskMs(project.stageIds());
        assertEquals(project.stageIds(), f.stageIds());
        assertEquals(taskMs, ((Number) f.evidence().get("stageTaskMs")).longValue());
        assertEquals(project.outputRows().orElseThrow(), ((Number) f.evidence().get("rowsThrough")).longValue());
        assertEquals(List.of("udf"), f.evidence().get("causes"));
        assertEquals(List.of(PhotonRuns.udfProject().replaceAll("#\\d+", "")), f.evidence().get("operators"));
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("code", change.scope());
        assertEquals("replace the UDF in Project", change.key());
        assertTrue(change.value().contains("scalaudf"), change.value());
        assertEquals(taskMs / 2.0 / 3_600_000, f.savings().coreHours(), 0.01, "photonSpeedup 2: half the stages' task time");
    }

    @Test
    void aSortMergeJoinPhotonRefusesIsTheSettingForAShuffledHashJoin() {
        Finding f = finding(advise(PhotonRuns.withSortMergeJoin(PhotonRuns.heaviest("PhotonBroadcastHashJoin")), Map.of()),
                RULE).orElseThrow();
        assertEquals(List.of("sort-merge-join"), f.evidence().get("causes"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals(PhotonFallbackAdvice.PREFER_SORT_MERGE_JOIN + "=false", change.key() + "=" + change.value());
    }

    @Test
    void silentBelowTheFloorsAndOnRunsWithoutPhoton() {
        RunFacts edited = PhotonRuns.withSparkOperator(PhotonRuns.heaviest("PhotonProject"), "Project [UDF(x#1) AS y#2]",
                Optional.empty());
        assertTrue(finding(advise(edited, Map.of()), RULE).isPresent(), "a UDF in the operator's own form, no explanation");
        silent(advise(edited, Map.of(RULE + ".minTaskMs", "1e11")), RULE);
        silent(advise(edited, Map.of(RULE + ".minShareOfRun", "1")), RULE);
        silent(advise("healthy"), RULE);
        silent(advise("cardinality-explosion"), RULE); // a Spark plan with a UDF, no Photon
    }
}
