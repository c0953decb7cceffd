package io.sparkadvisor.templates.slack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.templates.replies.ApprovalReply;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A recommendation message edited in place once a step is decided: the step's buttons give way to
 * one line saying who decided what and when (with Roll back under an applied step), and the rest
 * stays as posted.
 */
public final class StepDecision {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd 'at' HH:mm").withZone(ZoneOffset.UTC);

    private StepDecision() {}

    public static String applied(String userId, Instant at) {
        return ApprovalReply.APPLIED_BY.text("user", userId, "when", when(at));
    }

    public static String rejected(String userId, Instant at) {
        return ApprovalReply.REJECTED_BY.text("user", userId, "when", when(at));
    }

    public static String rolledBack(String userId, Instant at) {
        return ApprovalReply.ROLLED_BACK_BY.text("user", userId, "when", when(at));
    }

    /**
     * The message's blocks with the buttons of {@code recommendationId}'s {@code step} replaced by
     * {@code line}, followed by a Roll back button when {@code canRollBack}. On a message without the step's buttons
     * (its verdict), the line takes the place of the Roll back button.
     */
    public static String decided(String blocksJson, String recommendationId, int step, String line, boolean canRollBack) {
        String blockId = ApprovalIds.blockId(recommendationId, step);
        String rollBackId = ApprovalIds.rollBackBlockId(recommendationId, step);
        JsonNode blocks = parse(blocksJson);
        boolean hasStep = blocks.findValuesAsText("block_id").contains(blockId);
        ArrayNode out = JSON.createArrayNode();
        for (JsonNode block : blocks) {
            String id = block.path("block_id").asText();
            if (id.equals(hasStep ? blockId : rollBackId)) {
                ObjectNode context = out.addObject().put("type", "context").put("block_id", blockId);
                context.putArray("elements").addObject().put("type", "mrkdwn").put("text", line).put("verbatim", true);
                if (canRollBack) {
                    ObjectNode button = out.addObject().put("type", "actions").put("block_id", rollBackId).putArray("elements").addObject()
                            .put("type", "button").put("action_id", ApprovalIds.ROLL_BACK).put("value", ApprovalIds.value(recommendationId, step));
                    button.putObject("text").put("type", "plain_text").put("text", "Roll back");
                }
            } else if (!id.equals(rollBackId)) {
                out.add(block);
            }
        }
        return out.toString();
    }

    /** The message's blocks with block {@code blockId} replaced by a context line saying {@code line}; the rest as posted. */
    public static String replaced(String blocksJson, String blockId, String line) {
        ArrayNode out = JSON.createArrayNode();
        for (JsonNode block : parse(blocksJson)) {
            if (block.path("block_id").asText().equals(blockId)) {
                ObjectNode context = out.addObject().put("type", "context").put("block_id", blockId);
                context.putArray("elements").addObject().put("type", "mrkdwn").put("text", line).put("verbatim", true);
            } else {
                out.add(block);
            }
        }
        return out.toString();
    }

    /** "today at 10:42": Slack shows it in each reader's own time zone; the fallback is UTC. */
    public static String when(Instant at) {
        return "<!date^" + at.getEpochSecond() + "^{date_short_pretty} at {time}|" + WHEN.format(at) + " UTC>";
    }

    private static JsonNode parse(String blocksJson) {
        try {
            return JSON.readTree(blocksJson);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not Block Kit JSON", e);
        }
    }
}
