package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Structured Streaming corpus (corpus/streaming/) read by the run reader as batch facts: every log reads whole,
 * its micro-batches' jobs, stages and tasks counted as the generator counted them in the raw JSON (manifest
 * {@code expect}), and the only events the reader may pass over are the StreamingQueryListener ones. The
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
        assertEquals(expect.path("jobs").asInt(), facts.jobs().size(), "jobs");
        assertEquals(expect.path("stageAttempts").asInt(), facts.stages().size(), "stage attempts");
        assertEquals(expect.path("sqlExecutions").asInt(), facts.sqlExecutions().size(), "SQL executions");
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
        assertTrue(live.path("streaming").path("progressEvents").asInt() >= 100,
                "a live window needs many batches: " + live.path("streaming").path("progressEvents"));
    }

    /** The healthy control kept up with room to spare, so the load of the generating machine did not spoil it. */
    @Test
    void theHealthyControlStayedWellWithinItsTrigger() {
        JsonNode s = Corpus.streamingScenario("stream-healthy").path("streaming");
        assertTrue(s.path("triggerExecutionMs").path("p90").asLong() * 3 < s.path("triggerMs").asLong(),
                "p90 batch " + s.path("triggerExecutionMs") + " against a trigger of " + s.path("triggerMs"));
        assertTrue(s.path("progressEvents").asInt() >= 10, "batches: " + s.path("progressEvents"));
    }

    private static long listenerEvents(String scenario) {
        long n = 0;
        for (JsonNode c : Corpus.streamingScenario(scenario).path("streaming").path("listenerEvents")) {
            n += c.asLong();
        }
        return n;
    }
}
