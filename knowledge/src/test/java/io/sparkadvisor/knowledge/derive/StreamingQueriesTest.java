package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SourceProgress;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Streaming facts from real logs written by Spark itself (../shared/real-logs, read in place). */
class StreamingQueriesTest {
    private static final Path RESOURCES = Path.of("..", "..", "shared", "real-logs", "apache__spark", "sql", "core", "src",
            "test", "resources");

    private static RunFacts real(String relative) {
        Path log = RESOURCES.resolve(relative);
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        return RunFactsReader.read(log);
    }

    @Test
    void theKafkaWordCountIsOneQueryOfEightBatchesWithTheirJobs() {
        RunFacts facts = real("spark-events/local-1596020211915");
        assertEquals(1, facts.streaming().size());
        StreamingQueryFacts q = facts.streaming().get(0);
        assertEquals("8d268dc2-bc9c-4be8-97a9-b135d2943028", q.id());
        assertEquals("e225d92f-2545-48f8-87a2-9c0309580f8a", q.runId());
        assertEquals(8, q.totals().batches());
        assertFalse(q.running(), "it stopped with the application");
        assertEquals(8, q.recent().size());
        assertEquals(0, q.first().orElseThrow().batchId());
        assertEquals(7, q.last().orElseThrow().batchId());
        SourceProgress source = q.last().orElseThrow().sources().get(0);
        assertEquals("KafkaV2[Subscribe[test5]]", source.description());
        assertEquals(1, source.kafkaPartitions());
        // batch 1 as written: 622 ms, 363 rows at 50.7/s in, 583.6/s processed, state of 1 row in 1216 bytes
        MicroBatch one = q.recent().get(1);
        assertEquals(622, one.triggerExecutionMs());
        assertEquals(47, one.durationMs().get("queryPlanning"));
        assertEquals(363, one.numInputRows());
        assertEquals(583.6, one.processedRowsPerSecond(), 0.1);
        assertEquals(1216, one.stateMemoryBytes());
        assertEquals(1, one.sinkRows());
        // every job of the log carries the query and batch id: each batch has its own, with its tasks' times
        assertEquals(8, q.totals().work().jobs());
        assertTrue(q.recent().stream().allMatch(b -> b.work().jobs() == 1 && b.work().tasks() > 0), q.recent().toString());
        // only the latest batch's stages stay whole: their tasks are that batch's
        assertEquals(facts.stages().stream().mapToLong(s -> s.successfulTasks() + s.failedTasks() + s.killedTasks()).sum(),
                q.last().orElseThrow().work().tasks());
        assertTrue(q.totals().work().executorCpuTimeMs() <= q.totals().work().executorRunTimeMs());
        assertEquals(8, q.series().triggerExecutionMs().count());
        assertEquals(7, q.series().batchGapMs().count());
        assertEquals(q.recent().stream().mapToLong(MicroBatch::numInputRows).sum(), q.totals().inputRows());
    }

    /**
     * Its micro-batches' stages fold into the query's two recurring stages (one per place in the batch), and only the
     * latest batch keeps its job, stages and SQL executions whole: the facts do not grow with the batches.
     */
    @Test
    void theKafkaWordCountsStagesFoldIntoTwoRecurringStagesAndTheLatestBatchStaysWhole() {
        RunFacts facts = real("spark-events/local-1596020211915");
        List<RecurringStage> recurring = facts.streaming().get(0).recurringStages();

        assertEquals(List.of(0, 1), recurring.stream().map(RecurringStage::position).sorted().toList());
        assertTrue(recurring.stream().allMatch(r -> r.batches() == 8 && r.name().equals("start at StructuredKafkaWordCount.scala:86")),
                recurring.toString());
        RecurringStage aggregation = recurring.stream().filter(r -> r.position() == 0).findFirst().orElseThrow();
        assertEquals(0, aggregation.topPartition());
        assertEquals(5, aggregation.topPartitionBatches(), "partition 0 read the most shuffle data in 5 of 8 batches");
        assertEquals(8, aggregation.wallMs().count());
        assertEquals(List.of(7), facts.jobs().stream().map(JobFacts::jobId).toList(), "the latest batch's job");
        assertEquals(recurring.stream().map(RecurringStage::lastStageId).sorted().toList(),
                facts.stages().stream().map(StageFacts::stageId).sorted().toList(), "the latest batch's stages");
        assertTrue(facts.sqlExecutions().stream().allMatch(x -> x.description().endsWith("batch = 7")),
                "only the latest batch's SQL executions");
    }

    @Test
    void theKafkaWordCountReadsBackFromItsFactsJson() {
        RunFacts facts = real("spark-events/local-1596020211915");
        String json = FactsJson.write(facts);
        RunFacts back = FactsJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "test");
        assertEquals(facts.streaming(), back.streaming());
        assertEquals(json, FactsJson.write(back));
    }

    static Stream<String> sparkTwoZeroFragments() {
        return Stream.of("0", "1", "2").map(v -> "structured-streaming/query-event-logs-version-2.0." + v + ".txt");
    }

    @ParameterizedTest
    @MethodSource("sparkTwoZeroFragments")
    void sparkTwoZeroFragmentsParse(String fragment) {
        RunFacts facts = real(fragment);
        assertFalse(facts.streaming().isEmpty());
        assertEquals(0, facts.coverage().unknownEvents());
        assertTrue(facts.streaming().stream().allMatch(q -> !q.running()), facts.streaming().toString());
        assertTrue(facts.streaming().stream().anyMatch(q -> q.exception().isPresent()));
    }

    @Test
    void sparkTwoZeroTwoTimingsReadUnderTodaysNames() {
        List<StreamingQueryFacts> queries = real("structured-streaming/query-event-logs-version-2.0.2.txt").streaming();
        StreamingQueryFacts q = queries.stream().filter(x -> x.name().equals("query-1")).findFirst().orElseThrow();
        MicroBatch b = q.last().orElseThrow();
        assertEquals(0, b.batchId());
        assertEquals(1732, b.triggerExecutionMs());
        assertEquals(406, b.durationMs().get("queryPlanning"));
        assertEquals(83.33, b.inputRowsPerSecond(), 0.01);
        assertEquals("FileStreamSource[file:/Users/zsx/stream]", b.sources().get(0).description());
    }

    @Test
    void aBatchRunHasNoStreamingQuery() {
        assertEquals(List.of(), Corpus.facts("healthy").streaming());
        assertEquals(List.of(), Corpus.facts("skew").streaming());
    }
}
