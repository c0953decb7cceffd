package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.SectionBlock;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Content longer than Slack allows is split at word boundaries into more blocks and more messages, never cut mid-word. */
class SlackLimitsTest {
    private static final String WORDS = IntStream.range(0, 1500).mapToObj(i -> "word" + i).reduce((a, b) -> a + " " + b).orElseThrow();

    @Test
    void aLongFindingBecomesSeveralMessagesWithEveryWordIntact() {
        List<Step> steps = IntStream.rangeClosed(1, 30).mapToObj(i -> new Step(i,
                List.of(Change.sparkConf("spark.sql.shuffle.partitions", i * 100)), List.of("check " + i), "never")).toList();
        Finding f = new Finding("skew", Layer.EXECUTION, Severity.HIGH, "T".repeat(10) + " " + WORDS.substring(0, 400),
                List.of(1), Map.of(), new Recommendation(WORDS, List.of(), steps, WORDS, "none"), Savings.NONE);

        List<SlackMessage> messages = SlackMessages.finding(f, "7-skew");

        assertTrue(messages.size() >= 2, messages.size() + " messages");
        StringBuilder all = new StringBuilder();
        List<LayoutBlock> blocks = new ArrayList<>();
        messages.forEach(m -> blocks.addAll(BlockKitAssertions.parse(m)));
        blocks.stream().filter(SectionBlock.class::isInstance).forEach(b -> all.append(((SectionBlock) b).getText().getText()).append(' '));
        String joined = all.toString();
        for (int i = 0; i < 1500; i += 97) {
            assertTrue(joined.contains(" word" + i + " "), "word" + i + " was cut");
        }
        assertTrue(joined.contains("*:red_circle: " + "T".repeat(10)), "the long header became a bold section");
        // only the first applicable step carries buttons, wherever the split falls
        assertEquals(List.of(ApprovalIds.blockId("7-skew", 1)), blocks.stream().filter(b -> b.getType().equals("actions"))
                .map(LayoutBlock::getBlockId).toList());
    }

    @Test
    void aLongSummaryHeaderFitsAndTheSummaryStaysOneMessage() {
        Advice advice = new Advice(new ApplicationFacts("app-1", "etl", "3.5.0", 0, 1000), new Coverage(1, 1, 0, false), List.of());
        assertEquals(1, SlackMessages.summary(WORDS.substring(0, 300), advice).size());
    }

    @Test
    void theFallbackTextIsEscapedLikeTheBlocks() {
        Advice advice = new Advice(new ApplicationFacts("app-1", "etl", "3.5.0", 0, 1000), new Coverage(1, 1, 0, false), List.of());
        String text = SlackMessages.summary("<!channel> & co", advice).get(0).text();
        assertTrue(text.contains("&lt;!channel&gt; &amp; co"), text);
        assertFalse(text.contains("<!channel>"), text);
    }

    @Test
    void wordsAreSplitAtSpacesAndOnlyOverlongWordsAreCut() {
        assertEquals(List.of("aaa bbb", "ccc"), WordSplitter.split("aaa bbb ccc", 8));
        assertEquals(List.of("aaaaaa", "bb ccc"), WordSplitter.split("aaaaaa\nbb ccc", 10));
        assertEquals(List.of("abcdefgh", "ij"), WordSplitter.split("abcdefghij", 8));
        assertEquals(List.of(""), WordSplitter.split("", 8));
    }

    @Test
    void anOverlongIdentifierIsABugThatFailsLoudly() {
        String actions = "[{\"type\":\"actions\",\"elements\":[{\"type\":\"button\",\"action_id\":\"" + "a".repeat(256)
                + "\",\"text\":{\"type\":\"plain_text\",\"text\":\"Approve\"}}]}]";
        assertThrows(IllegalStateException.class, () -> SlackLimits.fit("x", actions));
    }
}
