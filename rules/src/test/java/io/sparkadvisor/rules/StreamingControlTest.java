package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The healthy streaming control (real Spark, a rate source that keeps up with room to spare): no rule speaks. */
class StreamingControlTest {
    @Test
    void noRuleFiresOnTheHealthyStreamingControl() {
        List<String> fired = RuleTesting.advise(Corpus.streamingFacts("stream-healthy"), Map.of()).findings().stream()
                .map(Finding::rule).toList();
        assertEquals(List.of(), fired);
    }
}
