package io.sparkadvisor.rules.infrastructure.taskcpus;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * task-cpus decides on CPU time above run time. JVM Spark counts only the task's own thread in
 * executorCpuTime, so a real Spark log cannot show it (the corpus task-cpus scenario documents this);
 * the decision is tested on evidence as a platform that counts all of a task's threads reports it.
 */
class TaskCpusTest {
    private static final String RULE = "task-cpus";
    /** A run of 100 s and 10 core-hours: with no saving, whatever the run, a finding is low. */
    private static final Stake ANY_RUN = new Stake(100_000, 10, 4);

    private static TaskCpusEvidence stage(long cpuMs, long runMs) {
        return TaskCpusEvidence.of(3, 16, cpuMs, runMs, 40_000, 0.6, 4, 1);
    }

    @Test
    void tasksThatKeepThreeCoresBusyGetThreeCpusEach() {
        List<Finding> findings = RuleFiring.fire(Map.of(), stage(320_000, 100_000));
        assertEquals(1, findings.size());
        Finding f = findings.get(0);
        assertEquals(RULE, f.rule());
        assertEquals(Severity.HIGH, f.severity(), "high by its ratio");
        assertEquals(Severity.LOW, ANY_RUN.judge(f, Thresholds.defaults()).severity(), "low on any run: no quantified saving");
        assertEquals(3.2, number(f, "cpuPerRun"), 1e-9);
        assertEquals(new Change("spark_conf", "spark.task.cpus", "3"), f.recommendation().steps().get(0).changes().get(0));
        assertTrue(f.recommendation().preconditions().get(0).contains("multiple of 3"));
    }

    @Test
    void oneCoreTasksAndShortStagesRaiseNothing() {
        assertTrue(RuleFiring.fire(Map.of(), stage(90_000, 100_000)).isEmpty());
        assertTrue(RuleFiring.fire(Map.of(), TaskCpusEvidence.of(3, 16, 320_000, 100_000, 2_000, 0.6, 4, 1)).isEmpty());
    }

    @Test
    void tasksAlreadyGivenTheCoresTheyUseRaiseNothingAndTooFewGetMore() {
        assertTrue(RuleFiring.fire(Map.of(), TaskCpusEvidence.of(3, 16, 320_000, 100_000, 40_000, 0.6, 4, 3)).isEmpty(),
                "the rule's own advice, once applied, must not fire it again");
        List<Finding> findings = RuleFiring.fire(Map.of(), TaskCpusEvidence.of(3, 16, 320_000, 100_000, 40_000, 0.6, 8, 2));
        assertEquals(Severity.MEDIUM, findings.get(0).severity(), "1.6 busy cores per reserved core is medium");
        assertEquals(Severity.LOW, ANY_RUN.judge(findings.get(0), Thresholds.defaults()).severity(), "no saving makes it low");
        assertEquals(new Change("spark_conf", "spark.task.cpus", "3"), findings.get(0).recommendation().steps().get(0).changes().get(0));
        assertTrue(findings.get(0).title().endsWith("while the scheduler counts 2"), findings.get(0).title());
    }

    @Test
    void theFloorIsSetByItsKeyOrTheDeprecatedOne() {
        assertTrue(RuleFiring.fire(Map.of("task-cpus.minCpuPerRun", "4"), stage(320_000, 100_000)).isEmpty());
        assertTrue(RuleFiring.fire(Map.of("taskCpus.minCpuPerRun", "4"), stage(320_000, 100_000)).isEmpty());
        assertTrue(RuleFiring.fire(Map.of("task-cpus.minAppShare", "0.7"), stage(320_000, 100_000)).isEmpty(),
                "task-cpus has its own share of the run, apart from io-bound-slots'");
        assertEquals(1, RuleFiring.fire(Map.of("io-bound-slots.minAppShare", "0.7"), stage(320_000, 100_000)).size());
    }

    @Test
    void silentOnTheRealMultiThreadedTaskLogWhoseCpuSparkCannotSee() {
        silent(advise("task-cpus"), RULE);
        silent(advise("task-cpus"), "io-bound-slots"); // the pool threads' work is not waiting
    }
}
