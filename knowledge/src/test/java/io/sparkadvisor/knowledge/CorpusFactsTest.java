package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The facts of every corpus log against figures computed independently from the raw JSON by the
 * corpus generator (manifest {@code expect}): counts, durations, medians, CPU, spill, SQL metrics.
 */
class CorpusFactsTest {

    static List<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void countsMatchTheRawLog(String scenario) {
        JsonNode expect = Corpus.scenario(scenario).path("expect");
        RunFacts facts = Corpus.facts(scenario);
        assertEquals(expect.path("events").asLong(), facts.coverage().events(), "events");
        assertEquals(expect.path("taskEndEvents").asLong(), facts.coverage().tasks(), "task ends");
        assertEquals(0, facts.coverage().unknownEvents(), "unknown events");
        assertFalse(facts.coverage().truncated());
        assertEquals(expect.path("jobs").asInt(), facts.jobs().size(), "jobs");
        assertEquals(expect.path("sqlExecutions").asInt(), facts.sqlExecutions().size(), "SQL executions");
        assertEquals(expect.path("stageAttempts").asInt(), facts.stages().size(), "stage attempts");
        assertEquals(expect.path("failedTasks").asInt(), facts.stages().stream().mapToInt(StageFacts::failedTasks).sum(), "failed tasks");
        assertEquals(expect.path("appDurationMs").asLong(), facts.application().durationMs(), "app duration");
        assertEquals(expect.path("sparkVersion").asText(), facts.application().sparkVersion());
        assertEquals(expect.path("master").asText(), facts.properties().master());
        long peakHeap = facts.executors().stream().mapToLong(e -> e.peakJvmHeapBytes()).max().orElse(0);
        assertEquals(expect.path("peakJvmHeapBytes").asLong(), peakHeap, "peak JVM heap");
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyStageMatchesTheRawLog(String scenario) {
        RunFacts facts = Corpus.facts(scenario);
        for (JsonNode expected : Corpus.scenario(scenario).path("expect").path("stages")) {
            StageFacts stage = facts.stages().stream()
                    .filter(s -> s.stageId() == expected.path("stageId").asInt() && s.attemptId() == expected.path("attempt").asInt())
                    .findFirst().orElseThrow(() -> new AssertionError("no stage " + expected));
            String where = scenario + " stage " + stage.stageId() + "." + stage.attemptId();
            assertEquals(expected.path("tasks").asInt(), stage.successfulTasks() + stage.failedTasks() + stage.killedTasks(), where + " tasks");
            assertEquals(expected.path("failedTasks").asInt(), stage.failedTasks() + stage.killedTasks(), where + " failed");
            assertEquals(expected.path("wallMs").asLong(), stage.wallMs(), where + " wall");
            if (stage.failedTasks() + stage.killedTasks() == 0) { // the generator's sums include failed attempts
                assertEquals(expected.path("taskDurationMaxMs").asLong(), stage.metric(TaskMetric.DURATION).max(), where + " max");
                assertEquals(expected.path("taskDurationMedianMs").asLong(), stage.metric(TaskMetric.DURATION).p50(), where + " median");
                assertEquals(expected.path("executorRunTimeMs").asLong(), stage.sum(TaskMetric.EXECUTOR_RUN_TIME), where + " run");
                assertEquals(expected.path("executorCpuTimeMs").asLong(), stage.sum(TaskMetric.EXECUTOR_CPU_TIME), 1 + stage.successfulTasks(), where + " cpu");
                assertEquals(expected.path("jvmGcTimeMs").asLong(), stage.sum(TaskMetric.JVM_GC_TIME), where + " gc");
                assertEquals(expected.path("memoryBytesSpilled").asLong(), stage.sum(TaskMetric.MEMORY_BYTES_SPILLED), where + " memory spill");
                assertEquals(expected.path("diskBytesSpilled").asLong(), stage.sum(TaskMetric.DISK_BYTES_SPILLED), where + " disk spill");
                assertEquals(expected.path("inputBytes").asLong(), stage.sum(TaskMetric.INPUT_BYTES), where + " input");
                assertEquals(expected.path("shuffleReadBytes").asLong(), stage.sum(TaskMetric.SHUFFLE_READ_BYTES), where + " shuffle read");
                assertEquals(expected.path("shuffleWriteBytes").asLong(), stage.sum(TaskMetric.SHUFFLE_WRITE_BYTES), where + " shuffle write");
                assertEquals(expected.path("peakExecutionMemoryMaxTask").asLong(), stage.metric(TaskMetric.PEAK_EXECUTION_MEMORY).max(), where + " peak memory");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void sqlMetricsMatchTheRawLog(String scenario) {
        RunFacts facts = Corpus.facts(scenario);
        Corpus.scenario(scenario).path("expect").path("sqlMetricsByNodeName").fields().forEachRemaining(e -> {
            String[] nodeAndMetric = e.getKey().split(" / ", 2);
            List<Long> expected = new ArrayList<>();
            e.getValue().forEach(v -> expected.add(v.asLong()));
            List<Long> actual = facts.sqlExecutions().stream().map(SqlExecutionFacts::nodes).flatMap(List::stream)
                    .filter(n -> n.name().trim().equals(nodeAndMetric[0]) && n.metrics().containsKey(nodeAndMetric[1]))
                    .map(n -> n.metrics().get(nodeAndMetric[1])).collect(Collectors.toCollection(ArrayList::new));
            Collections.sort(expected);
            Collections.sort(actual);
            assertEquals(expected, actual, scenario + " " + e.getKey());
        });
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everyStageOfASqlExecutionIsMappedToPlanNodes(String scenario) {
        RunFacts facts = Corpus.facts(scenario);
        for (SqlExecutionFacts sql : facts.sqlExecutions()) {
            for (int stageId : sql.stageIds()) {
                // Delta's snapshot of a table is an RDD it caches under its own operation, outside the plan of the
                // query that first needs it ("Delta: Filtering files for query"): a stage that builds it runs no plan node.
                boolean deltaStateCache = facts.stage(stageId).map(s -> s.name().contains("recordDeltaOperation")).orElse(false);
                if (facts.stage(stageId).isPresent() && !deltaStateCache) {
                    assertTrue(sql.nodes().stream().map(PlanNode::stageIds).anyMatch(ids -> ids.contains(stageId)),
                            scenario + ": stage " + stageId + " ran no plan node of execution " + sql.executionId());
                }
            }
        }
    }


    @org.junit.jupiter.api.Test
    void listingJobsCarryTheirDescription() {
        var listing = Corpus.facts("broad-listing").jobs().get(0);
        assertEquals("Listing leaf files and directories for 60 paths:", listing.description());
        assertEquals("", Corpus.facts("broad-listing").jobs().get(1).description());
    }
}
