package io.sparkadvisor.rules.queryplan.broadcastjoin;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The follow-up checks of broadcast-join's step on the real smj-small-side run (a 230 MB order side shuffled to meet 1,000 products). */
class BroadcastJoinStepChecksTest {
    private static final RunFacts SMJ = Corpus.facts("smj-small-side");

    @Test
    void theLargeSideMustNoLongerBeShuffledAndTheRunNotSlower() {
        List<MetricCheck> c = checks("broadcast-join", SMJ, 1);
        assertEquals(List.of("appDurationMs", "shuffleWriteBytes"), metrics(c));
        // The same run with the order side's map stage writing no shuffle: the join reads it where it lies.
        int orderSide = SMJ.stages().stream().max(Comparator.comparingLong(s -> s.sum(TaskMetric.SHUFFLE_WRITE_BYTES)))
                .map(StageFacts::stageId).orElseThrow();
        RunFacts broadcast = EditedRuns.withStageMetricScaled(SMJ, orderSide, TaskMetric.SHUFFLE_WRITE_BYTES, 0);
        assertEquals(List.of(P, P), outcomes(c, SMJ, broadcast));
        assertEquals(List.of(P, F), outcomes(c, SMJ, SMJ), "nothing changed: the same bytes shuffled");
        assertEquals(List.of(F, P), outcomes(c, SMJ, EditedRuns.withTimesScaled(broadcast, 1.5)));
    }
}
