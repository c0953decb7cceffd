package io.sparkadvisor.templates.slack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import java.util.HashMap;
import java.util.Map;

/**
 * The health-rule offer under a verified step's verdict: its sentence with the "Set the alert" button, and once set, the
 * line saying who set it. Lines naming a person are our own words around a Slack user id, added as Block Kit
 * {@code verbatim} text like {@link StepDecision}'s, since the templates' escaping would show a mention as text.
 */
public final class HealthRuleMessages {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BLOCK_PREFIX = "health:";

    private HealthRuleMessages() {}

    /** {@code offer} with the button carrying the step ({@link ApprovalIds#SET_HEALTH_RULE}). */
    public static SlackMessage offer(String offer, String recommendationId, int step) {
        return render(offer, ApprovalIds.value(recommendationId, step));
    }

    /** The blocks of the offer once set: the sentence, then {@code line} (who set it) instead of the button. */
    public static String set(String offer, String line) {
        ArrayNode blocks = parse(render(offer, null).blocksJson());
        blocks.addObject().put("type", "context").putArray("elements").addObject().put("type", "mrkdwn").put("text", line)
                .put("verbatim", true);
        return blocks.toString();
    }

    /** A note or reply whose words are ours and may mention a person ({@code <@U0BOB>}). */
    public static SlackMessage mentioning(String line) {
        ArrayNode blocks = JSON.createArrayNode();
        blocks.addObject().put("type", "section").putObject("text").put("type", "mrkdwn").put("text", line).put("verbatim", true);
        return new SlackMessage(line, blocks.toString());
    }

    /** "RUN_DURATION_SECONDS > 180": a rule as the job's settings and the audit trail name it. */
    public static String rule(String metric, long value) {
        return HealthRuleReply.RULE.text("metric", metric, "value", value);
    }

    /** With the button when {@code value} is set. */
    private static SlackMessage render(String offer, String value) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("text", offer);
        scope.put("value", value);
        scope.put("blockId", value == null ? null : BLOCK_PREFIX + value);
        scope.put("action", ApprovalIds.SET_HEALTH_RULE);
        return SlackLimits.fit(offer, Templates.json("slack/health-offer.json", scope)).get(0);
    }

    private static ArrayNode parse(String blocksJson) {
        try {
            return (ArrayNode) JSON.readTree(blocksJson);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("slack/health-offer.json rendered no Block Kit array", e);
        }
    }
}
