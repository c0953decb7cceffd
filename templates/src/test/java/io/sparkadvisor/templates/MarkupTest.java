package io.sparkadvisor.templates;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values made inert where the template's own text puts them: in a code span, or in text. */
class MarkupTest {
    @Test
    void aBacktickInAValueCannotEndTheTemplatesCodeSpan() {
        assertEquals("Looking into `aˋ *b*`.", Templates.inline("test#code", "Looking into `{{q}}`.", Map.of("q", "a` *b*")));
        assertEquals("```SELECT * FROM tˋ```", Templates.inline("test#block", "```{{sql}}```", Map.of("sql", "SELECT * FROM t`")));
    }

    @Test
    void emphasisInAValueOutsideCodeSpansCannotFormatAndIdentifiersStayAsTheyAre() {
        assertEquals("Job ∗x∗ ˍyˍ ∼z∼ market_id done", Templates.inline("test#text", "Job {{job}} done", Map.of("job", "*x* _y_ ~z~ market_id")));
        assertEquals("`a*b` ∗c∗ dˋ", Markup.inText("`a*b` *c* d`"), "the value's own code span kept, a lone backtick swapped");
    }

    @Test
    void broadcastMentionsAreNeutralisedInCodeAndText() {
        assertEquals("@\u200Dhere @\u200DChannel", Markup.inText("@here @Channel"));
        assertEquals("@\u200Deveryone", Markup.inCode("@everyone"));
    }

    @Test
    void aBlockKitValueIsEscapedAndInertWhereverItSits() {
        String json = Templates.json("slack/parent.json", Map.of("user", "U1", "asked", "<!here> `x", "status", "*s* @channel"));
        assertEquals(true, json.contains("asked about `&lt;!here&gt; ˋx`"), json);
        assertEquals(true, json.contains("∗s∗ @\u200Dchannel"), json);
    }
}
