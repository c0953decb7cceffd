package io.sparkadvisor.templates.slack;

import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import java.util.HashMap;
import java.util.Map;

/** The health-rule offer under a verified step's verdict: its sentence with the "Set the alert" button, and once set, the line saying who set it. */
public final class HealthRuleMessages {
    private static final String BLOCK_PREFIX = "health:";

    private HealthRuleMessages() {}

    /** {@code offer} with the button carrying the step ({@link ApprovalIds#SET_HEALTH_RULE}). */
    public static SlackMessage offer(String offer, String recommendationId, int step) {
        String value = ApprovalIds.value(recommendationId, step);
        return render(offer, Map.of("value", value, "blockId", BLOCK_PREFIX + value, "action", ApprovalIds.SET_HEALTH_RULE));
    }

    /** The blocks of the offer once set: the sentence, then {@code done} instead of the button. */
    public static String set(String offer, String done) {
        return render(offer, Map.of("done", done)).blocksJson();
    }

    /** "RUN_DURATION_SECONDS > 180": a rule as the job's settings and the audit trail name it. */
    public static String rule(String metric, long value) {
        return HealthRuleReply.RULE.text("metric", metric, "value", value);
    }

    private static SlackMessage render(String offer, Map<String, Object> details) {
        Map<String, Object> scope = new HashMap<>(details);
        scope.put("text", offer);
        return SlackLimits.fit(offer, Templates.json("slack/health-offer.json", scope)).get(0);
    }
}
