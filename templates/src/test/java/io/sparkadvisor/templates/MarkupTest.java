package io.sparkadvisor.templates;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values made inert where the template's own text puts them: in a code span, or in text. */
class MarkupTest {
    @Test
    void aBacktickInAValueCannotEndTheTemplatesCodeSpan() {
        assertEquals("Looking into `aˋ *b*`.", Templates.inline("test#code", "Looking into `{{q}}`.", Map.of("q", "a` *b*")));
        assertEquals("```SELECT * FROM `a`.`b` -- ˋˋ` x ˋ```", Templates.inline("test#block", "```{{sql}}```",
                Map.of("sql", "SELECT * FROM `a`.`b` -- ``` x `")), "a block keeps single backticks, never a fence");
    }

    @Test
    void emphasisInAValueOutsideCodeSpansCannotFormatAndIdentifiersStayAsTheyAre() {
        assertEquals("Job ∗x∗ ˍyˍ ∼z∼ market_id done", Templates.inline("test#text", "Job {{job}} done", Map.of("job", "*x* _y_ ~z~ market_id")));
        assertEquals("`a*b` ∗c∗ dˋ", Markup.inert("`a*b` *c* d`", Markup.Place.TEXT), "the value's own code span kept, a lone backtick swapped");
    }

    @Test
    void aSentencesOwnBlocksKeepTheirTextAndALoneFenceIsBroken() {
        assertEquals("see ```a *b* `c```, ∗d∗ ``ˋ e", Markup.inert("see ```a *b* `c```, *d* ``` e", Markup.Place.TEXT));
    }

    @Test
    void broadcastMentionsAreNeutralisedInCodeAndText() {
        assertEquals("@\u200Dhere @\u200DChannel", Markup.inert("@here @Channel", Markup.Place.TEXT));
        assertEquals("@\u200Deveryone", Markup.inert("@everyone", Markup.Place.CODE_SPAN));
    }

    @Test
    void aBlockKitValueIsEscapedAndInertWhereverItSits() {
        String json = Templates.json("slack/parent.json", Map.of("user", "U1", "asked", "<!here> `x", "status", "*s* @channel"));
        assertEquals(true, json.contains("asked about `&lt;!here&gt; ˋx`"), json);
        assertEquals(true, json.contains("∗s∗ @\u200Dchannel"), json);
    }
}
