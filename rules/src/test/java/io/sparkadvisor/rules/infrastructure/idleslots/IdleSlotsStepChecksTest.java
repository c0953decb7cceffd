package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of idle-slots steps on pairs of corpus runs. Fewer workers (no narrow stage) never
 * fires on a local-mode corpus log, so that step comes from evidence built by hand over a corpus run.
 */
class IdleSlotsStepChecksTest {
    @Test
    void morePartitionsMustFillTheSlotsAndShortenTheStage() {
        RunFacts base = Corpus.facts("too-few-partitions");
        // On too-few-partitions idle-slots gives way to partition-sizing: its step is checked from its own remedy.
        IdleSlotsEvidence e = IdleSlotsEvidence.of(new RunView(base), Thresholds.defaults()).get(0);
        List<MetricCheck> c = IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults())
                .recommendation().steps().get(0).verify();
        assertEquals(List.of("stage[0].tasks", "stage[0].wallMs", "stage[0].medianTaskMs", "stage[0].spillBytes",
                "appDurationMs"), metrics(c));
        assertEquals(List.of(P, P, P, P, P), outcomes(c, base, "io-bound")); // 24 tasks on local[4]
        assertEquals(List.of(F, F, P, P, P), outcomes(c, base, "too-few-partitions"));
        assertEquals(List.of(P, F, F, P, F), outcomes(c, base, "small-files"));
        assertEquals(List.of(P, P, P, F, F), outcomes(c, base, "spill"));
    }

    @Test
    void fewerWorkersMustCutIdleShareAndSlotTimeWithinTheTradeOff() {
        RunFacts base = Corpus.facts("too-few-partitions");
        SlotAccounting a = base.slots();
        // Four workers idle 76% of the time, no narrow stage: the replay sizes the cluster to two.
        IdleSlotsEvidence e = IdleSlotsEvidence.of(4, a.stageSlotMs(), a.taskMs(), (double) a.stageIdleSlotMs() / a.stageSlotMs(),
                1, -1, 0, 0, 4, new RunView(base).whatIf(), Thresholds.defaults());
        List<MetricCheck> c = IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation().steps().get(0).verify();
        assertEquals(List.of("appDurationMs", "idleSlotShare", "slotMs"), metrics(c));
        assertEquals(List.of(1.1, 0.5, 0.55), c.stream().map(MetricCheck::bound).toList()); // 2 of 4 workers x 1.1
        assertEquals(List.of(P, P, P), outcomes(c, base, "healthy"));
        assertEquals(List.of(P, F, F), outcomes(c, base, "too-few-partitions"));
        assertEquals(List.of(F, P, F), outcomes(c, base, "gc-pressure"));
    }
}
