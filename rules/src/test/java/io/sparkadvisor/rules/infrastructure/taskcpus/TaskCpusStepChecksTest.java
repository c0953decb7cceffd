package io.sparkadvisor.rules.infrastructure.taskcpus;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
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
    void fewerTasksMustShareAnExecutorsCoresWithoutSlowingStageOrRun() {
        // Tasks of io-bound's stage 0 (local[4]: four at once on one executor) as if they kept 3.2 cores busy each, as a
        // platform counting all their threads reports it: three cores reserved per task leave one task at a time.
        TaskCpusEvidence e = TaskCpusEvidence.of(0, 24, 320_000, 100_000, 20_000, 0.36, 4, 1);
        List<MetricCheck> c = TaskCpusAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation().steps().get(0).verify();
        assertEquals(List.of("tasksAtOnce", "stage[0].wallMs", "appDurationMs"), metrics(c));
        assertEquals(1, c.get(0).bound(), 1e-9); // 4 cores / 3 reserved
        RunFacts ioBound = Corpus.facts("io-bound");
        assertEquals(List.of(F, P, P), outcomes(c, ioBound, ioBound), "nothing changed: four tasks still share the executor");
        // The same run with one task at a time (the only edit): what spark.task.cpus=3 makes the scheduler do.
        assertEquals(List.of(P, P, P), outcomes(c, ioBound, EditedRuns.withPeakRunningTasks(ioBound, 1)));
        assertEquals(List.of(P, F, F), outcomes(c, ioBound, EditedRuns.withTimesScaled(EditedRuns.withPeakRunningTasks(ioBound, 1), 1.5)),
                "one at a time, but half again as long");
        assertEquals(List.of(F, P, P), outcomes(c, ioBound, EditedRuns.withTimesScaled(ioBound, 0.8)), "faster, yet as crowded");
    }
}
