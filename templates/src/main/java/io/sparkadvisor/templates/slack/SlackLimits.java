package io.sparkadvisor.templates.slack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.templates.Templates;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes rendered blocks fit Slack's limits, which Slack enforces by refusing the whole message, and
 * sends every mrkdwn text object with {@code "verbatim": true}, so Slack links no URL and parses no
 * mention or channel name the bot did not write as markup itself:
 * long section and context text is split into several blocks at word boundaries, a header too long
 * for a header becomes a bold section, and more than 50 blocks become several messages. Identifiers
 * and button labels come from code, so one that is too long is a bug and fails loudly.
 */
public final class SlackLimits {
    public static final int MAX_BLOCKS = 50;
    public static final int MAX_SECTION_TEXT = 3000;
    public static final int MAX_HEADER_TEXT = 150;
    public static final int MAX_BUTTON_TEXT = 75;
    public static final int MAX_ID = 255;

    private static final ObjectMapper JSON = new ObjectMapper();

    private SlackLimits() {}

    /**
     * The blocks of one rendered template, as one or more messages that each fit; the fallback text is
     * escaped here, the one place every message passes, so a job name can't mention a channel in a notification.
     */
    public static List<SlackMessage> fit(String fallbackText, String blocksJson) {
        List<ObjectNode> blocks = new ArrayList<>();
        for (JsonNode block : parse(blocksJson)) {
            fitBlock((ObjectNode) block).forEach(fitted -> blocks.add(verbatim(fitted)));
        }
        List<SlackMessage> messages = new ArrayList<>();
        for (int from = 0; from < blocks.size(); from += MAX_BLOCKS) {
            ArrayNode page = JSON.createArrayNode();
            blocks.subList(from, Math.min(blocks.size(), from + MAX_BLOCKS)).forEach(page::add);
            messages.add(new SlackMessage(Templates.slackText(fallbackText), page.toString()));
        }
        return messages;
    }

    private static List<ObjectNode> fitBlock(ObjectNode block) {
        checkIds(block);
        return switch (block.path("type").asText()) {
            case "header" -> fitHeader(block);
            case "section" -> fitSection(block);
            case "context" -> fitContext(block);
            case "actions" -> {
                block.path("elements").forEach(SlackLimits::checkButton);
                yield List.of(block);
            }
            default -> List.of(block);
        };
    }

    /** Marks every mrkdwn text object in {@code node}, however deep (section text, fields, context elements). */
    private static ObjectNode verbatim(ObjectNode node) {
        if ("mrkdwn".equals(node.path("type").asText()) && node.has("text")) {
            node.put("verbatim", true);
        }
        for (JsonNode child : node) {
            if (child instanceof ObjectNode object) {
                verbatim(object);
            } else if (child.isArray()) {
                child.forEach(element -> {
                    if (element instanceof ObjectNode object) {
                        verbatim(object);
                    }
                });
            }
        }
        return node;
    }

    private static List<ObjectNode> fitHeader(ObjectNode header) {
        String text = header.path("text").path("text").asText();
        return text.length() <= MAX_HEADER_TEXT ? List.of(header) : fitSection(section("*" + text + "*"));
    }

    /** The first piece keeps the block's accessory and fields; the rest are plain text sections. */
    private static List<ObjectNode> fitSection(ObjectNode section) {
        JsonNode text = section.path("text");
        if (text.path("text").asText().length() <= MAX_SECTION_TEXT) {
            return List.of(section);
        }
        List<String> pieces = WordSplitter.split(text.path("text").asText(), MAX_SECTION_TEXT);
        List<ObjectNode> out = new ArrayList<>();
        ((ObjectNode) text).put("text", pieces.get(0));
        out.add(section);
        pieces.subList(1, pieces.size()).forEach(p -> out.add(section(p)));
        return out;
    }

    private static List<ObjectNode> fitContext(ObjectNode context) {
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode element : context.path("elements")) {
            String text = element.path("text").asText();
            for (String piece : WordSplitter.split(text, MAX_SECTION_TEXT)) {
                ObjectNode block = JSON.createObjectNode().put("type", "context");
                block.putArray("elements").add(((ObjectNode) element.deepCopy()).put("text", piece));
                out.add(block);
            }
        }
        return out.size() <= 1 ? List.of(context) : out;
    }

    private static ObjectNode section(String mrkdwn) {
        ObjectNode section = JSON.createObjectNode().put("type", "section");
        section.putObject("text").put("type", "mrkdwn").put("text", mrkdwn);
        return section;
    }

    private static void checkIds(ObjectNode block) {
        require(block.path("block_id").asText().length() <= MAX_ID, "block_id longer than 255: " + block.path("block_id"));
    }

    private static void checkButton(JsonNode element) {
        require(element.path("action_id").asText().length() <= MAX_ID, "action_id longer than 255: " + element.path("action_id"));
        require(element.path("text").path("text").asText().length() <= MAX_BUTTON_TEXT, "button text longer than 75: " + element.path("text"));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }

    private static JsonNode parse(String blocksJson) {
        try {
            JsonNode node = JSON.readTree(blocksJson);
            require(node.isArray(), "a Block Kit template must render a JSON array");
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a Block Kit template rendered invalid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
