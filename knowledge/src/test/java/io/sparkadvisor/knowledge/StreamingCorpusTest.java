package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Structured Streaming corpus (corpus/streaming/) read by the run reader as batch facts: every log reads whole,
 * its events and tasks counted as the generator counted them in the raw JSON (manifest {@code expect}), the jobs, stages
 * and SQL executions of each query's latest batch kept whole and every earlier one folded ({@link MicroBatchCounts}), and the only events the reader may pass over are the StreamingQueryListener ones. The
 * manifest's {@code streaming} block records that each construction held (checked here on what Spark measured).
 */
class StreamingCorpusTest {

    static List<String> logs() {
        return Corpus.streamingScenarios().stream().filter(s -> Corpus.streamingScenario(s).has("expect")).toList();
    }

    @ParameterizedTest
    @MethodSource("logs")
    void everyStreamingLogReadsAsBatchFacts(String scenario) {
        JsonNode expect = Corpus.streamingScenario(scenario).path("expect");
        RunFacts facts = Corpus.streamingFacts(scenario);
        assertEquals(expect.path("events").asLong(), facts.coverage().events(), "events");
        assertEquals(expect.path("taskEndEvents").asLong(), facts.coverage().tasks(), "task ends");
        MicroBatchCounts kept = MicroBatchCounts.of(Corpus.streamingDir().resolve(Corpus.streamingScenario(scenario).path("file").asText()));
        assertEquals(kept.keptJobs(), facts.jobs().size(), "jobs outside micro-batches and of the latest batch");
        assertEquals(kept.keptStageAttempts(), facts.stages().size(), "stage attempts outside micro-batches and of the latest batch");
        assertEquals(kept.keptSqlExecutions(), facts.sqlExecutions().size(), "SQL executions outside micro-batches and of the latest batch");
        assertEquals(kept.microBatchStageAttempts(), facts.streaming().stream().flatMap(q -> q.recurringStages().stream())
                .mapToLong(RecurringStage::batches).sum(), "every micro-batch stage attempt folded into a recurring stage");
        assertEquals(expect.path("sparkVersion").asText(), facts.application().sparkVersion());
        assertFalse(facts.coverage().truncated());
        assertEquals(0, facts.coverage().skippedLines(), "corrupt lines");
        assertTrue(facts.coverage().complete(), "application start and end: " + facts.coverage().missing());
        long listenerEvents = listenerEvents(scenario);
        assertTrue(listenerEvents > 0, scenario + " has no StreamingQueryListener events");
        assertTrue(facts.coverage().unknownEvents() <= listenerEvents,
                facts.coverage().unknownEvents() + " unknown events, more than the " + listenerEvents + " listener events");
    }

    @Test
    void theLiveLayoutReadsAsARunningApplication() {
        JsonNode live = Corpus.streamingScenario("stream-live-databricks");
        RunFacts facts = Corpus.streamingFacts("stream-live-databricks");
        long events = 0;
        for (JsonNode n : live.path("eventsPerFile")) {
            events += n.asLong();
        }
        assertEquals(3, live.path("files").size(), "two rolled parts and the live eventlog");
        assertEquals(events, facts.coverage().events(), "every part read, in order");
        assertEquals(List.of(Coverage.APPLICATION_END), facts.coverage().missing(), "a running application");
        assertEquals(0, live.path("streaming").path("listenerEvents").path("QueryTerminatedEvent").asInt(),
                "the query is still running");
        assertTrue(live.path("streaming").path("progressEvents").asInt() >= 50,
                "a live window needs many batches: " + live.path("streaming").path("progressEvents"));
    }

    /**
     * The healthy control kept up with room to spare, so the load of the generating machine did not spoil it: the median
     * batch within a quarter of the trigger, the 90th percentile within half, none over it but the first (JIT).
     */
    @Test
    void theHealthyControlStayedWellWithinItsTrigger() {
        JsonNode s = streaming("stream-healthy");
        long trigger = s.path("triggerMs").asLong();
        JsonNode batch = s.path("triggerExecutionMs");
        assertTrue(batch.path("median").asLong() * 4 < trigger, "batches " + batch + " against a trigger of " + trigger);
        assertTrue(batch.path("p90").asLong() * 2 < trigger, "batches " + batch + " against a trigger of " + trigger);
        assertTrue(s.path("batchesOverTrigger").asInt() <= 1, "batches over the trigger: " + s.path("batchesOverTrigger"));
        assertTrue(s.path("progressEvents").asInt() >= 10, "batches: " + s.path("progressEvents"));
    }

    /** Each scenario built to fall behind did: most batches overran the trigger, and Kafka's backlog grew. */
    @Test
    void theFallingBehindScenariosFellBehind() {
        for (String scenario : List.of("stream-waits", "stream-kafka-waits", "stream-kafka-2-partitions",
                "stream-kafka-2-partitions-spark4")) {
            JsonNode s = streaming(scenario);
            assertTrue(s.path("batchesOverTrigger").asInt() * 2 > s.path("progressEvents").asInt(), scenario + ": " + s);
        }
        for (String scenario : List.of("stream-kafka-waits", "stream-kafka-2-partitions", "stream-kafka-2-partitions-spark4")) {
            JsonNode s = streaming(scenario);
            JsonNode behind = s.path("maxOffsetsBehindLatestFirstLastMax");
            assertTrue(behind.get(1).asLong() > behind.get(0).asLong(), scenario + " offsets behind " + behind);
            assertEquals(Corpus.streamingScenario(scenario).path("construction").path("topicPartitions").asInt(),
                    s.path("kafkaPartitions").asInt(), scenario + " partitions");
        }
    }

    @Test
    void theStateGrewWithNothingRemoved() {
        JsonNode s = streaming("stream-state-growth");
        assertTrue(s.path("stateRowsFirstLast").get(1).asLong() > 10 * s.path("stateRowsFirstLast").get(0).asLong() + 1000, s.toString());
        assertEquals(0, s.path("stateRowsRemoved").asLong());
        assertEquals(0, s.path("rowsDroppedByWatermark").asLong());
    }

    @Test
    void theWatermarkDroppedLateRowsAndTheStateWasTrimmed() {
        JsonNode s = streaming("stream-late-rows");
        assertTrue(s.path("rowsDroppedByWatermark").asLong() > 100, s.toString());
        assertTrue(s.path("stateRowsRemoved").asLong() > 0, s.toString());
    }

    /** Planning, the offset log and the commit log took most of the tiny batches' time. */
    @Test
    void tinyBatchesSpentMostOfTheirTimeOnBookkeeping() {
        JsonNode d = streaming("stream-tiny-batches").path("durationMsSums");
        long bookkeeping = d.path("latestOffset").asLong() + d.path("getBatch").asLong() + d.path("queryPlanning").asLong()
                + d.path("walCommit").asLong() + d.path("commitOffsets").asLong();
        assertTrue(bookkeeping * 2 > d.path("triggerExecution").asLong(), d.toString());
    }

    /** The file source found new data rarely: Spark reported the query idle, and its batches filled under a quarter of the run. */
    @Test
    void theFileSourceWasMostlyIdle() {
        JsonNode s = streaming("stream-idle-files");
        long runMs = Corpus.streamingScenario("stream-idle-files").path("construction").path("runSeconds").asLong() * 1000;
        assertTrue(s.path("listenerEvents").path("QueryIdleEvent").asLong() > s.path("batchesWithInput").asLong(), s.toString());
        assertTrue(s.path("durationMsSums").path("triggerExecution").asLong() * 4 < runMs, s.toString());
    }

    private static JsonNode streaming(String scenario) {
        return Corpus.streamingScenario(scenario).path("streaming");
    }

    private static long listenerEvents(String scenario) {
        long n = 0;
        for (JsonNode c : Corpus.streamingScenario(scenario).path("streaming").path("listenerEvents")) {
            n += c.asLong();
        }
        return n;
    }
}
