package io.sparkadvisor.rules.infrastructure.taskcpus;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of task-cpus steps. task-cpus never fires on a corpus log, so its step comes from
 * evidence built by hand over a corpus run.
 */
class TaskCpusStepChecksTest {
    @Test
    void reservedCoresMustMatchTheBusyOnesWithoutSlowingStageOrRun() {
        // Tasks of stage 0 that kept 3.2 cores busy, as a platform counting all their threads reports it.
        TaskCpusEvidence e = TaskCpusEvidence.of(0, 4, 320_000, 100_000, 33_537, 0.36, 4, 1);
        List<MetricCheck> c = TaskCpusAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation().steps().get(0).verify();
        assertEquals(List.of("stage[0].cpuShare", "stage[0].wallMs", "appDurationMs"), metrics(c));
        assertEquals(3 * 1.3, c.get(0).bound(), 1e-9); // 3 reserved cores x task-cpus.minCpuPerRun
        RunFacts taskCpus = Corpus.facts("task-cpus");
        // The healthy run with stage 0's CPU time counted over 40 threads: about 10 busy cores per task.
        RunFacts threadsCounted = EditedRuns.withStageMetricScaled(Corpus.facts("healthy"), 0, TaskMetric.EXECUTOR_CPU_TIME, 40);
        assertEquals(List.of(P, P, P), outcomes(c, taskCpus, "healthy"));
        assertEquals(List.of(F, P, P), outcomes(c, taskCpus, threadsCounted));
        assertEquals(List.of(P, F, F), outcomes(c, Corpus.facts("healthy"), taskCpus));
    }
}
