package io.sparkadvisor.rules.queryplan.photonfallback;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of photon-fallback's join step: the real q88 Photon run with its heaviest join left to a Spark
 * SortMergeJoin (PhotonRuns) is the baseline; q88 as Databricks logged it, every operator in Photon, is the run after.
 */
class PhotonFallbackStepChecksTest {
    @Test
    void theJoinMustRunInPhotonWithoutOutOfMemoryOrSlowdown() {
        RunFacts smj = PhotonRuns.withSortMergeJoin(PhotonRuns.heaviest("PhotonBroadcastHashJoin"));
        List<MetricCheck> c = checks("photon-fallback", smj, 1);
        assertEquals(List.of("photonFallbacks", "appDurationMs", "outOfMemoryFailures"), metrics(c));
        assertEquals(List.of(P, P, P), outcomes(c, smj, PhotonRuns.Q88));
        assertEquals(List.of(F, P, P), outcomes(c, smj, smj), "nothing changed: the join still runs outside Photon");
        assertEquals(List.of(P, F, P), outcomes(c, smj, EditedRuns.withTimesScaled(PhotonRuns.Q88, 1.5)));
    }
}
