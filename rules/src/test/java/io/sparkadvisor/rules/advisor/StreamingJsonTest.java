package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** analyze --format json's {@code streaming} section: the run's queries, none for a batch run. */
class StreamingJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode analyzeJson(RunFacts facts) throws Exception {
        Advice advice = RuleTesting.advise(facts, Map.of());
        return JSON.readTree(AdviceJson.write(advice, facts.platform(), facts.streaming()));
    }

    @Test
    void theKafkaWordCountShowsItsQuery() throws Exception {
        JsonNode streaming = analyzeJson(RuleTesting.realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915"))
                .path("streaming");
        assertEquals(1, streaming.size());
        JsonNode q = streaming.get(0);
        assertEquals("8d268dc2-bc9c-4be8-97a9-b135d2943028", q.path("id").asText());
        assertFalse(q.path("running").asBoolean());
        assertEquals(8, q.path("totals").path("batches").asLong());
        assertEquals(7, q.path("lastBatch").path("batchId").asLong());
        assertEquals("KafkaV2[Subscribe[test5]]", q.path("lastBatch").path("sources").get(0).path("description").asText());
        assertEquals(8, q.path("series").path("triggerExecutionMs").path("count").asLong());
        assertFalse(q.has("recent"), "the recent window stays in the facts");
    }

    @Test
    void eachQueryCarriesItsInferredTriggerAndItsChartPoints() throws Exception {
        JsonNode healthy = analyzeJson(Corpus.streamingFacts("stream-healthy")).path("streaming").get(0);
        assertEquals("PROCESSING_TIME", healthy.path("trigger").path("kind").asText());
        assertEquals(15_000, healthy.path("trigger").path("intervalMs").asLong());
        assertEquals(healthy.path("totals").path("batches").asLong(), healthy.path("chart").size(), "17 batches, a point each");
        assertEquals(0, healthy.path("chart").get(0).path("firstBatchId").asLong());
        JsonNode scheduled = analyzeJson(Corpus.streamingFacts("stream-available-now")).path("streaming").get(0);
        assertEquals("AVAILABLE_NOW", scheduled.path("trigger").path("kind").asText());
        assertEquals(6, scheduled.path("trigger").path("judged").asInt());
    }

    @Test
    void aBatchRunHasNoStreamingSection() throws Exception {
        assertFalse(analyzeJson(Corpus.facts("healthy")).has("streaming"));
    }
}
