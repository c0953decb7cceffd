package io.sparkadvisor.rules.infrastructure.iobound;

import io.sparkadvisor.rules.advisor.Metric;
import static io.sparkadvisor.rules.RuleTesting.*;
import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Verdicts;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IoBoundSlotsTest {
    private static final String RULE = "io-bound-slots";

    @Test
    void sleepingTasksThatQueueForSlotsFire() {
        Finding f = fired(advise("io-bound"), RULE);
        StageFacts stage = Corpus.facts("io-bound").stage((int) number(f, "stageId")).orElseThrow();
        double cpuShare = (double) stage.sum(TaskMetric.EXECUTOR_CPU_TIME) / stage.sum(TaskMetric.EXECUTOR_RUN_TIME);
        assertEquals(cpuShare, number(f, "cpuShare"), 0.001);
        assertTrue(number(f, "cpuShare") < 0.05, "tasks sleep: almost no CPU");
        assertEquals(24, number(f, "tasks"));
        assertEquals(4, number(f, "slots"));
        assertTrue(number(f, "queuedTaskMs") > 0);
        assertEquals(Severity.MEDIUM, f.severity(), "its ladder says high; 4.3 s is a fifth of the run, under general.highAppShare");
        // More slots: the replay predicts a shorter run at 6 and 8 slots.
        assertTrue(number(f, "predictedMsStep1") < Corpus.facts("io-bound").application().durationMs());
        assertTrue(number(f, "predictedMsStep2") <= number(f, "predictedMsStep1"));
    }

    @Test
    void onADedicatedFourCoreClusterTheStepsAreSixThenEight() {
        Finding f = fired(advise(withCluster("io-bound", "aws-i3-dedicated.json"), Map.of()), RULE);
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "6"), f.recommendation().steps().get(0).changes().get(0));
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "8"), f.recommendation().steps().get(1).changes().get(0));
        assertTrue(f.recommendation().steps().get(0).checks().get(0).contains("Cores column reads 6"));
        assertTrue(f.recommendation().preconditions().get(0).contains("dedicated"));
    }

    @Test
    void anExistingSparkWorkerCoresIsReadAndTheStepsGoAboveIt() throws Exception {
        // The dedicated four-core cluster with SPARK_WORKER_CORES=8 already set: no "6, then 8".
        ObjectNode cluster = (ObjectNode) new ObjectMapper().readTree(
                Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json")));
        cluster.putObject("spark_env_vars").put("SPARK_WORKER_CORES", "8");
        RunFacts facts = Corpus.facts("io-bound").withCluster(ClusterJson.parse(cluster.toString(),
                Optional.of(Files.readString(Corpus.dir().resolve("clusters/node-types.json")))));
        Finding f = fired(advise(facts, Map.of()), RULE);
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "10"), f.recommendation().steps().get(0).changes().get(0));
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "12"), f.recommendation().steps().get(1).changes().get(0));
    }

    /** io-bound-6-slots ran 6 slots per executor; against 4-core i3.xlarge nodes its first step must not be 6 again. */
    @Test
    void slotsTheLogAlreadyRanAreNotProposedAgain() {
        Finding f = fired(advise(withCluster("io-bound-6-slots", "aws-i3-dedicated.json"), Map.of()), RULE);
        assertEquals(6, number(f, "slots"), "the run had 6 slots");
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "8"), f.recommendation().steps().get(0).changes().get(0));
        assertEquals(new Change("spark_env_vars", "SPARK_WORKER_CORES", "10"), f.recommendation().steps().get(1).changes().get(0));
        assertTrue(f.recommendation().summary().contains("already ran 6 slots"), f.recommendation().summary());
    }

    @Test
    void successIsAShorterRunNotAHigherCpuShare() {
        Finding f = fired(advise("io-bound"), RULE);
        var verify = f.recommendation().steps().get(0).verify();
        assertTrue(verify.stream().anyMatch(c -> c.metric().toString().equals("appDurationMs") && c.bound() < 1), verify.toString());
        assertTrue(verify.stream().noneMatch(c -> c.metric().toString().endsWith("cpuShare")), verify.toString());
    }

    @Test
    void successIsJudgedBySlotHoursAndTheNodesCpuNotByATasksCpu() {
        RunFacts baseline = Corpus.facts("io-bound");
        List<MetricCheck> checks = Verdicts.checks(RULE, baseline, 1);
        int stageId = fired(advise("io-bound"), RULE).stageIds().get(0);
        assertEquals(List.of("appDurationMs", Metric.TASK_MS.ofStage(stageId).toString(),
                Metric.NODE_CPU_SHARE.ofStage(stageId).toString(), Metric.GC_SHARE.ofStage(stageId).toString()), Verdicts.metrics(checks));
        // Waiting tasks given more slots: the same task time in a shorter run on the same nodes.
        RunFacts shorter = EditedRuns.withTimesScaled(baseline, 0.8);
        assertEquals(List.of(P, P, P, P), Verdicts.outcomes(checks, baseline, shorter));
        // Cores that were busy after all (tasks running threads of their own): every task stretches, so do the slot-hours.
        RunFacts stretched = EditedRuns.withStageMetricScaled(shorter, stageId, TaskMetric.EXECUTOR_RUN_TIME, 2);
        assertEquals(List.of(P, F, P, P), Verdicts.outcomes(checks, baseline, stretched));
        assertEquals(List.of(F, P, F, P), Verdicts.outcomes(checks, baseline, EditedRuns.withTimesScaled(baseline, 1.2)));
    }

    @Test
    void silentOnTasksThatDeclareThreadsOfTheirOwn() {
        // The task-cpus run: each task runs a pool of threads whose CPU the task thread's count misses, so it looks idle.
        Map<String, String> lowerComputeFloor = Map.of("io-bound-slots.maxComputeShare", "0.2");
        RunFacts pool = Corpus.facts("task-cpus");
        assertEquals(1, advise(pool, lowerComputeFloor).findings().stream().filter(f -> f.rule().equals(RULE)).count(),
                "with its CPU hidden in pool threads the stage reads as waiting");
        silent(advise(EditedRuns.withSettings(pool, Map.of("spark.task.cpus", "4")), lowerComputeFloor), RULE);
    }

    @Test
    void silentOnAPySparkStageWhoseCpuRunsInPythonWorkers() {
        // Dr. Elephant's test fixture: pi.py's reduce, an RDD of PythonRDD whose CPU the task thread never sees.
        silent(advise(RunFactsReader.read(ExternalLogs.path("dr-elephant/event_log_1")), Map.of()), RULE);
    }

    @Test
    void standardAccessModeAndSingleNodeGiveTheAlternativeInsteadOfTheChange() {
        Finding standard = fired(advise(withCluster("io-bound", "aws-i3-standard.json"), Map.of()), RULE);
        assertTrue(standard.recommendation().steps().isEmpty());
        assertTrue(standard.recommendation().summary().contains("dedicated access mode"));
        Finding single = fired(advise(withCluster("io-bound", "aws-i3-single-node.json"), Map.of()), RULE);
        assertTrue(single.recommendation().steps().isEmpty());
        assertTrue(single.recommendation().summary().contains("no Worker process"));
    }

    @Test
    void withoutClusterFactsThePreconditionsAreToVerify() {
        Finding f = fired(advise("io-bound"), RULE);
        assertTrue(f.recommendation().preconditions().get(0).startsWith("To verify"));
        assertEquals("6", f.recommendation().steps().get(0).changes().get(0).value()); // local[4]: 4 cores
    }

    @Test
    void silentOnComputeBoundAndShortTaskRuns() {
        silent(advise("healthy"), RULE);
        silent(advise("skew"), RULE);
        silent(advise("small-files"), RULE); // short waiting tasks: the small-files pattern, not held slots
        silent(advise(Corpus.facts("io-bound"), Map.of("io-bound-slots.minMedianTaskMs", "5000")), RULE);
        silent(advise(Corpus.facts("io-bound"), Map.of("ioBoundSlots.minMedianTaskMs", "5000")), RULE); // the deprecated alias
    }
}
