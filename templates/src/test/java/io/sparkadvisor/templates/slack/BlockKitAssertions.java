package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.reflect.TypeToken;
import com.slack.api.model.block.ActionsBlock;
import com.slack.api.model.block.ContextBlock;
import com.slack.api.model.block.HeaderBlock;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.SectionBlock;
import com.slack.api.model.block.composition.MarkdownTextObject;
import com.slack.api.model.block.composition.TextObject;
import com.slack.api.model.block.element.ButtonElement;
import com.slack.api.util.json.GsonFactory;
import java.util.List;

/** Parses rendered messages with Slack's own Block Kit model and checks every limit Slack enforces. */
final class BlockKitAssertions {
    private BlockKitAssertions() {}

    static List<LayoutBlock> parse(SlackMessage message) {
        List<LayoutBlock> blocks = GsonFactory.createSnakeCase()
                .fromJson(message.blocksJson(), new TypeToken<List<LayoutBlock>>() {}.getType());
        assertFalse(blocks.isEmpty(), "a message without blocks");
        assertTrue(blocks.size() <= SlackLimits.MAX_BLOCKS, blocks.size() + " blocks");
        assertFalse(message.text().isBlank(), "no fallback text");
        blocks.forEach(BlockKitAssertions::withinLimits);
        return blocks;
    }

    private static void withinLimits(LayoutBlock block) {
        if (block instanceof HeaderBlock h) {
            assertTrue(h.getText().getText().length() <= SlackLimits.MAX_HEADER_TEXT, h.getText().getText());
        } else if (block instanceof SectionBlock s) {
            assertTrue(s.getText().getText().length() <= SlackLimits.MAX_SECTION_TEXT);
        } else if (block instanceof ContextBlock c) {
            c.getElements().forEach(e -> assertTrue(((TextObject) e).getText().length() <= SlackLimits.MAX_SECTION_TEXT));
        } else if (block instanceof ActionsBlock a) {
            assertTrue(a.getBlockId().length() <= SlackLimits.MAX_ID);
            a.getElements().forEach(e -> {
                ButtonElement b = (ButtonElement) e;
                assertTrue(b.getActionId().length() <= SlackLimits.MAX_ID);
                assertTrue(b.getText().getText().length() <= SlackLimits.MAX_BUTTON_TEXT);
            });
        }
    }

    static String text(List<LayoutBlock> blocks) {
        StringBuilder all = new StringBuilder();
        for (LayoutBlock block : blocks) {
            if (block instanceof HeaderBlock h) {
                all.append(h.getText().getText()).append('\n');
            } else if (block instanceof SectionBlock s) {
                all.append(s.getText().getText()).append('\n');
            } else if (block instanceof ContextBlock c) {
                c.getElements().forEach(e -> all.append(((MarkdownTextObject) e).getText()).append('\n'));
            }
        }
        return all.toString();
    }
}
