package io.sparkadvisor.rules.dataaccess.partitionsizing;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.StagePartitions;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The follow-up checks of partition-sizing. large-files-32mb is the real next run of the split
 * large-files-default is told to take (same input, 32 MB splits, 11 tasks), but the loaded
 * generating machine made it slower; scaled to 40% of its times it stands for the quiet run.
 * No corpus stage has too many tiny tasks, so that step comes from evidence built by hand.
 */
class PartitionSizingChecksTest {

    static List<String> externalLogs() {
        return ExternalLogs.all();
    }

    /**
     * A prediction agrees with its check: the too-few step asks for no more tasks than it predicts, and predicts more
     * than the stage ran (nds_q88's one 1.1 MiB file predicted 1 task at a 16 MiB split and was checked for 32).
     */
    @ParameterizedTest
    @MethodSource("externalLogs")
    void theTaskCheckAsksForNoMoreThanTheProposalPredicts(String log) {
        Advice advice = RuleTesting.advise(RunFactsReader.read(ExternalLogs.path(log)), Map.of());
        for (Finding f : advice.findings()) {
            MetricCheck taskCheck = f.recommendation().steps().get(0).verify().get(0);
            if (!f.rule().equals(PartitionSizingRule.ID) || taskCheck.comparison() != MetricCheck.Comparison.AT_LEAST) {
                continue; // too many tiny tasks: checked for at most the predicted count
            }
            long predicted = ((Number) f.evidence().get("predictedTasks")).longValue();
            assertTrue(predicted > ((Number) f.evidence().get("tasks")).longValue(), log + ": " + f.evidence());
            assertTrue(taskCheck.bound() <= predicted, log + ": checks for " + taskCheck.bound() + " tasks, predicts " + predicted);
        }
    }

    @Test
    void tooFewTasksStepWantsTasksOutOfTheRuleRangeAndAShorterStage() {
        RunFacts base = Corpus.facts("large-files-default");
        RunFacts split = Corpus.facts("large-files-32mb");
        List<MetricCheck> c = checks("partition-sizing", base, 1);
        assertEquals(List.of("stage[1].tasks", "stage[1].wallMs", "appDurationMs", "stage[1].spillBytes", "stage[1].failedTasks"),
                metrics(c));
        assertEquals(4, c.get(0).bound()); // partition-sizing.minTasksPerSlot x 2 slots
        assertEquals(List.of(P, P, P, P, P), outcomes(c, base, EditedRuns.withTimesScaled(split, 0.4)));
        assertEquals(List.of(P, F, F, P, P), outcomes(c, base, split));
        assertEquals(List.of(F, F, P, P, P), outcomes(c, base, base));
        RunFacts failing = EditedRuns.withFailures(split, List.of(new TaskFailureFacts(1, "ExceptionFailure",
                "java.io.IOException", "read timed out", false, 2, 1_000, 1)));
        assertEquals(F, outcomes(c, base, failing).get(4));
    }

    @Test
    void tooManyTasksStepWantsAtMostThePredictedTasksNoLongerStageAndNoDiskSpill() {
        RunFacts base = Corpus.facts("small-files");
        // Stage 0 of small-files as if it had cut 6000 tasks of 11 ms from a source it cannot split: coalesce(600).
        PartitionSizingEvidence e = PartitionSizingEvidence.of(0, 2, 24_965, 24_965, 11, 0, 0, false, -1,
                FileSplits.of(base.properties(), 2), base.application().durationMs(), PartitionSizingKind.TOO_MANY_TASKS,
                new StagePartitions(0, 6000, 0, 6000, 66_000, 24_965, 1, -1, true), false, true, Thresholds.defaults());
        List<MetricCheck> c = PartitionSizingAdvice.remedy(e, Diagnosis.of(e, Severity.MEDIUM, PartitionSizingKind.TOO_MANY_TASKS),
                Thresholds.defaults()).recommendation().steps().get(0).verify();
        assertEquals(List.of("stage[0].tasks", "stage[0].wallMs", "stage[0].diskSpillBytes"), metrics(c));
        assertEquals(600, c.get(0).bound());
        assertEquals(List.of(P, P, P), outcomes(c, base, "healthy"));
        assertEquals(List.of(F, P, P), outcomes(c, base, "small-files"));
        assertEquals(List.of(P, F, P), outcomes(c, base, "gc-pressure"));
        assertEquals(List.of(P, P, F), outcomes(c, base, "spill"));
    }
}
