package io.sparkadvisor.rules.execution.batchoverhead;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static io.sparkadvisor.rules.RuleTesting.firedAtItsStake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * batch-overhead on real Structured Streaming logs (corpus/streaming): about seven rows per batch on a 200 ms trigger,
 * against the healthy control, whose batches on a 15 s trigger spend half their time on bookkeeping too but leave the
 * cluster idle most of the time.
 */
class BatchOverheadTest {
    private static final String RULE = BatchOverheadRule.ID;

    private static RunFacts tiny() {
        return Corpus.streamingFacts("stream-tiny-batches");
    }

    @Test
    void tinyBatchesSpendMostOfTheClustersTimeOnBookkeeping() {
        JsonNode sums = Corpus.streamingScenario("stream-tiny-batches").path("streaming").path("durationMsSums");
        long bookkeeping = sums.path("latestOffset").asLong() + sums.path("queryPlanning").asLong()
                + sums.path("walCommit").asLong() + sums.path("commitOffsets").asLong();
        BatchOverheadEvidence e = BatchOverheadEvidence.of(new RunView(tiny()), Thresholds.defaults()).get(0);
        assertEquals(55, e.batches());
        assertEquals(7, e.rowsPerBatch(), "435 rows in 55 batches");
        assertEquals((double) bookkeeping / sums.path("triggerExecution").asLong(), e.bookkeepingShare(), 1e-9);
        assertEquals(bookkeeping / 55, e.bookkeepingMsPerBatch());
        assertTrue(e.wallShare() > 0.5, "wall share " + e.wallShare());
        // 884 ms of bookkeeping a batch at a tenth of the interval: 10 s
        assertEquals(10_000, e.proposedTriggerMs());
        assertEquals(e.wallShare() * (1 - e.intervalMs() / 10_000.0), e.savedShare(), 1e-9);
        assertEquals(2 * e.savedShare(), e.coreHoursPerHour(), 1e-9, "two slots");
        assertEquals(168 * e.coreHoursPerHour(), e.coreHoursPerWeek(), 1e-9);

        Advice advice = advise(tiny(), Map.of());
        Finding f = firedAtItsStake(advice, RULE, tiny());
        assertEquals(new Change("code", "trigger of tiny-batches", ".trigger(Trigger.ProcessingTime(\"10 seconds\"))"),
                f.recommendation().steps().get(0).changes().get(0));
        assertTrue(f.savings().coreHours() > 0, f.savings().toString());
        assertTrue(f.recommendation().summary().contains("Trigger.AvailableNow"), f.recommendation().summary());
    }

    @Test
    void onAJobWithAScheduleTheSavingIsSaidPerRunNotPerWeekAlwaysOn() {
        RunFacts scheduled = tiny().withJobRunMode(Optional.of(JobRunMode.SCHEDULED));
        Finding f = finding(advise(scheduled, Map.of()), RULE).orElseThrow();
        String summary = f.recommendation().summary();
        assertTrue(summary.contains("as the job runs on a schedule, use Trigger.AvailableNow"), summary);
        assertTrue(summary.contains("core-hours on this run") && !summary.contains("a week"), summary);
        String alwaysOn = finding(advise(tiny(), Map.of()), RULE).orElseThrow().recommendation().summary();
        assertTrue(alwaysOn.contains("a week always on") && !alwaysOn.contains("on this run"), alwaysOn);
    }

    /**
     * Falling-behind stays silent on tiny batches by default (the query idles between them); counted as behind whenever
     * its rates differ, it speaks, and then gives way: the longer trigger comes first, and cites it.
     */
    @Test
    void fallingBehindGivesWayWhenBookkeepingIsWhatOverruns() {
        Map<String, String> behind = Map.of("falling-behind.backToBackSlack", "10");
        Advice alone = advise(tiny(), Map.of("falling-behind.backToBackSlack", "10", RULE + ".minWallShare", "1"));
        assertTrue(finding(alone, "falling-behind").isPresent(), "falling-behind speaks when batch-overhead does not");
        Advice advice = advise(tiny(), behind);
        assertTrue(finding(advice, "falling-behind").isEmpty(), "the longer trigger comes first");
        Finding f = finding(advice, RULE).orElseThrow();
        assertEquals(List.of("falling-behind"), ((List<?>) f.evidence().get("supersedes")).stream()
                .map(s -> ((Map<?, ?>) s).get("rule")).toList());
    }

    @Test
    void silentOnTheHealthyControlWhoseBatchesLeaveTheClusterIdle() {
        RunFacts healthy = Corpus.streamingFacts("stream-healthy");
        BatchOverheadEvidence e = BatchOverheadEvidence.of(new RunView(healthy), Thresholds.defaults()).get(0);
        assertTrue(e.bookkeepingShare() > 0.5, "half of each batch is bookkeeping there too: " + e.bookkeepingShare());
        assertTrue(e.wallShare() < 0.2, "but a small share of the cluster's time: " + e.wallShare());
        assertTrue(finding(advise(healthy, Map.of()), RULE).isEmpty());
        assertTrue(finding(advise(healthy, Map.of(RULE + ".minWallShare", String.valueOf(e.wallShare() * 0.9))), RULE)
                .isPresent(), "the wall share is what keeps it silent");
    }
}
