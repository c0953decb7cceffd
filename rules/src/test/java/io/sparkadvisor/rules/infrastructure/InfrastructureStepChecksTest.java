package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of memory-overprovisioned, executor-packing, idle-slots and task-cpus steps on
 * pairs of corpus runs. Fewer workers (idle-slots without a narrow stage) and task-cpus never fire on
 * a local-mode corpus log, so their steps come from evidence built by hand over a corpus run.
 */
class InfrastructureStepChecksTest {
    private static final RunFacts OUT_OF_MEMORY = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "ExceptionFailure", true);

    @Test
    void smallerHeapMustBeBetterUsedWithoutOutOfMemoryGcSpillOrSlowdown() {
        RunFacts base = Corpus.facts("memory-overprovisioned");
        List<MetricCheck> c = checks("memory-overprovisioned", base, 1);
        assertEquals(List.of("peakHeapShare", "outOfMemoryFailures", "gcShare", "spillBytes", "appDurationMs"), metrics(c));
        assertEquals(List.of(P, P, P, P, P), outcomes(c, base, "healthy")); // 1 GiB heap, 22% used, was 6 GiB at 12%
        assertEquals(List.of(F, P, P, P, P), outcomes(c, base, "memory-overprovisioned"));
        assertEquals(List.of(F, F, P, P, P), outcomes(c, base, OUT_OF_MEMORY));
        assertEquals(List.of(P, P, F, P, F), outcomes(c, base, "gc-pressure"));
        assertEquals(List.of(P, P, P, F, P), outcomes(c, base, "spill"));
    }

    @Test
    void reshapedExecutorsMustHoldEveryCoreOfTheNode() {
        RunFacts base = RuleTesting.withCluster("healthy", "gcp-1core-5g-executors.json");
        List<MetricCheck> c = checks("executor-packing", base, 1);
        assertEquals(List.of("coresPerHost", "outOfMemoryFailures", "gcShare", "appDurationMs"), metrics(c));
        assertEquals(4, c.get(0).bound()); // the n1-highmem-4's cores
        assertEquals(List.of(P, P, P, P), outcomes(c, base, "io-bound")); // local[4]: 4 cores in one executor, faster
        assertEquals(List.of(F, P, P, P), outcomes(c, base, "healthy"));
        assertEquals(List.of(F, F, P, F), outcomes(c, base, OUT_OF_MEMORY));
        assertEquals(List.of(F, P, F, F), outcomes(c, base, "gc-pressure"));
    }

    @Test
    void morePartitionsMustFillTheSlotsAndShortenTheStage() {
        RunFacts base = Corpus.facts("too-few-partitions");
        List<MetricCheck> c = checks("idle-slots", base, 1);
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
        IdleSlotsEvidence e = new IdleSlotsEvidence(4, a.stageSlotMs(), a.taskMs(), (double) a.stageIdleSlotMs() / a.stageSlotMs(),
                1, -1, 0, 0, 4, new RunView(base).whatIf());
        List<MetricCheck> c = IdleSlotsAdvice.finding(e, Thresholds.defaults(), Severity.HIGH).recommendation().steps().get(0).verify();
        assertEquals(List.of("appDurationMs", "idleSlotShare", "slotMs"), metrics(c));
        assertEquals(List.of(1.1, 0.5, 0.55), c.stream().map(MetricCheck::bound).toList()); // 2 of 4 workers x 1.1
        assertEquals(List.of(P, P, P), outcomes(c, base, "healthy"));
        assertEquals(List.of(P, F, F), outcomes(c, base, "too-few-partitions"));
        assertEquals(List.of(F, P, F), outcomes(c, base, "gc-pressure"));
    }

    @Test
    void reservedCoresMustMatchTheBusyOnesWithoutSlowingStageOrRun() {
        // Tasks of stage 0 that kept 3.2 cores busy, as a platform counting all their threads reports it.
        TaskCpusEvidence e = new TaskCpusEvidence(0, 4, 320_000, 100_000, 33_537, 0.36, 4, 1);
        List<MetricCheck> c = TaskCpusAdvice.finding(e, Thresholds.defaults(), Severity.HIGH).recommendation().steps().get(0).verify();
        assertEquals(List.of("stage[0].cpuShare", "stage[0].wallMs", "appDurationMs"), metrics(c));
        assertEquals(3 * 1.3, c.get(0).bound(), 1e-9); // 3 reserved cores x taskCpus.minCpuPerRun
        RunFacts taskCpus = Corpus.facts("task-cpus");
        // The healthy run with stage 0's CPU time counted over 40 threads: about 10 busy cores per task.
        RunFacts threadsCounted = EditedRuns.withStageMetricScaled(Corpus.facts("healthy"), 0, TaskMetric.EXECUTOR_CPU_TIME, 40);
        assertEquals(List.of(P, P, P), outcomes(c, taskCpus, "healthy"));
        assertEquals(List.of(F, P, P), outcomes(c, taskCpus, threadsCounted));
        assertEquals(List.of(P, F, F), outcomes(c, Corpus.facts("healthy"), taskCpus));
    }
}
