package io.sparkadvisor.rules.execution.laterows;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * late-rows on real Structured Streaming logs (corpus/streaming): a 10 s watermark over rows of which every fifth is
 * 60 s late, against a count with no watermark and the stateless healthy control.
 */
class LateRowsTest {
    private static final String RULE = LateRowsRule.ID;

    private static RunFacts late() {
        return Corpus.streamingFacts("stream-late-rows");
    }

    @Test
    void theWatermarkDropsLateRowsAndTheFindingSaysHowMany() {
        JsonNode measured = Corpus.streamingScenario("stream-late-rows").path("streaming");
        LateRowsEvidence e = LateRowsEvidence.of(new RunView(late()), Thresholds.defaults()).get(0);
        assertEquals(measured.path("rowsDroppedByWatermark").asLong(), e.droppedRows());
        assertEquals(measured.path("inputRows").asLong(), e.inputRows());
        assertEquals((double) e.droppedRows() / e.inputRows(), e.droppedShare(), 1e-12);
        assertTrue(e.droppedPerHour() > 0, "rate " + e.droppedPerHour());
        assertEquals(168 * e.droppedPerHour(), e.droppedPerWeek(), 1e-6);

        Finding f = finding(advise(late(), Map.of()), RULE).orElseThrow();
        assertEquals(e.droppedShare() >= 0.01 ? Severity.HIGH : Severity.MEDIUM, f.severity(),
                "a reliability risk keeps its severity, whatever it saves");
        assertTrue(f.risk().contains(Math.round(e.droppedPerWeek()) + " a week"), f.risk());
        assertTrue(f.recommendation().steps().get(0).changes().get(0).value().startsWith(".withWatermark("));
    }

    @Test
    void silentWhereNoRowIsDropped() {
        for (String stream : List.of("stream-state-growth", "stream-healthy", "stream-tiny-batches")) {
            assertEquals(0, LateRowsEvidence.of(new RunView(Corpus.streamingFacts(stream)), Thresholds.defaults()).get(0)
                    .droppedRows(), stream);
            assertTrue(finding(advise(Corpus.streamingFacts(stream), Map.of()), RULE).isEmpty(), stream);
        }
        long dropped = LateRowsEvidence.of(new RunView(late()), Thresholds.defaults()).get(0).droppedRows();
        assertTrue(finding(advise(late(), Map.of(RULE + ".minDroppedRows", String.valueOf(dropped + 1))), RULE).isEmpty());
    }
}
