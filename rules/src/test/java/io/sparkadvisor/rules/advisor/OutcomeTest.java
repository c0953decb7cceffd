package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** How a run ended, read from real logs whose jobs failed, and from the corpus, whose runs all succeeded. */
class OutcomeTest {
    /** kubeflow's Spark 4.1 history-server fixtures: each fails job 4 at stage 5 with a Python UDF's deliberate exception. */
    static final Path SPARK_41 = Path.of("..", "..", "shared", "real-logs", "kubeflow__mcp-apache-spark-history-server", "skills",
            "cli", "e2e", "spark-events");

    @ParameterizedTest
    @ValueSource(strings = {"application_1713000000000_0001_1.zstd", "application_1713000000000_0001_2.zstd",
            "local-1776286786993.zstd", "local-1776286804625.zstd"})
    void aSpark41RunWhoseJobFailedLeadsWithTheFailedStageAndItsCause(String log) throws Exception {
        assumeTrue(Files.exists(SPARK_41.resolve(log)), "../shared/real-logs is not beside this checkout");
        Advice advice = new Advisor(Thresholds.defaults()).advise(RunFactsReader.read(SPARK_41.resolve(log)));
        Outcome o = advice.outcome();
        assertTrue(o.failed(), log);
        assertEquals(1, o.failures().size(), o.toString());
        Outcome.StageFailure f = o.failures().get(0);
        assertEquals(5, f.stageId());
        assertEquals(List.of(4), f.jobIds());
        assertEquals("Exception: deliberate permanent failure", f.cause(), "the Python error, not the traceback or Spark's wrapper");
        assertEquals(2, f.tasksNotCompleted());
        assertTrue(f.failedAttempts() >= 4, "a task used its 4 attempts: " + f.failedAttempts());
        JsonNode json = new ObjectMapper().readTree(AdviceJson.write(advice));
        assertEquals("failed", json.path("outcome").path("status").asText());
        assertEquals(5, json.path("outcome").path("failures").path(0).path("stageId").asInt());
    }

    @Test
    void tasksExecutorsFailNamesTheFetchFailureThatFailedItsJob() {
        Outcome o = outcome("spark-rapids-tools/tasks_executors_fail_compressed_eventlog.zstd");
        assertTrue(o.failed());
        Outcome.StageFailure f = o.failures().get(0);
        assertEquals(238, f.stageId());
        assertEquals(List.of(79), f.jobIds());
        assertTrue(f.cause().startsWith("org.apache.spark.shuffle.FetchFailedException: "), f.cause());
        assertFalse(f.cause().contains("\tat "), "no stack frames: " + f.cause());
    }

    @Test
    void aGpuOutOfMemoryLeadsAndTheStagesCancelledAfterItFollow() {
        Outcome o = outcome("spark-rapids-tools/gpu_oom_eventlog.zstd");
        assertTrue(o.failed());
        Outcome.StageFailure first = o.failures().get(0);
        assertEquals(34, first.stageId(), o.toString());
        assertTrue(first.cause().startsWith("com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM: GPU OutOfMemory"), first.cause());
        assertTrue(o.failures().stream().skip(1).allMatch(f -> f.cause().contains("cancelled because SparkContext was shut down")),
                o.toString());
    }

    static List<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyCorpusRunSucceeded(String scenario) {
        Outcome o = Outcome.of(Corpus.facts(scenario));
        assertEquals(Outcome.SUCCEEDED, o.status(), scenario + ": " + o);
        assertTrue(o.failures().isEmpty() && o.jobsWithoutFailedStage().isEmpty());
    }

    static List<String> streamingScenarios() {
        return Corpus.streamingScenarios();
    }

    /** The generator stops each query at the end: the batch it cut short was cancelled with the query's job group, not failed. */
    @ParameterizedTest
    @MethodSource("streamingScenarios")
    void aStreamingQueryStoppedWithoutErrorFailedNoJob(String scenario) {
        RunFacts facts = Corpus.streamingFacts(scenario);
        assertTrue(facts.streaming().stream().allMatch(q -> q.exception().isEmpty()), scenario);
        Outcome o = Outcome.of(facts);
        assertFalse(o.failed(), scenario + ": " + o);
        assertTrue(o.failures().isEmpty(), scenario + ": " + o);
    }

    private static Outcome outcome(String external) {
        RunFacts facts = RunFactsReader.read(ExternalLogs.path(external));
        return Outcome.of(facts);
    }
}
