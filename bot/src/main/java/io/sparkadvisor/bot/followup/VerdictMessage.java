package io.sparkadvisor.bot.followup;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.advisor.Verdict;
import io.sparkadvisor.templates.slack.ApprovalIds;
import java.util.stream.Collectors;

/**
 * The follow-up's messages in a recommendation's thread: the verdict as a small table (with Roll back
 * when it failed), and the next step with its own Approve and Reject, whose block ids are the ones
 * the approval desk edits on a click.
 */
final class VerdictMessage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private VerdictMessage() {}

    static String text(String rule, int step, long runId, Verdict v) {
        String outcome = v.passed() ? ":white_check_mark: passed its checks" : ":x: failed its checks";
        String run = v.runSucceeded() ? "" : " The run itself failed, which fails the step.";
        return "Step " + step + " of `" + rule + "` " + outcome + " on run " + runId + "." + run;
    }

    /** The verdict with its table of checks, before and after: the measured effect the history shows. */
    static String summary(String rule, int step, long runId, Verdict v) {
        return text(rule, step, runId, v) + "\n```" + table(v) + "```";
    }

    static String blocks(String recommendationId, String rule, int step, long runId, Verdict v) {
        ArrayNode blocks = JSON.createArrayNode();
        section(blocks, summary(rule, step, runId, v));
        if (!v.passed()) {
            buttons(blocks, ApprovalIds.rollBackBlockId(recommendationId, step), ApprovalIds.value(recommendationId, step),
                    button(ApprovalIds.ROLL_BACK, "Roll back", "danger"));
        }
        return blocks.toString();
    }

    static String nextStepText(String rule, Step next) {
        return "Next: step " + next.step() + " of `" + rule + "`";
    }

    static String nextStepBlocks(String recommendationId, String rule, Step next) {
        ArrayNode blocks = JSON.createArrayNode();
        String changes = next.changes().stream().filter(Change::applicable)
                .map(c -> "• " + c.scope() + " `" + c.key() + "` = `" + c.value() + "`").collect(Collectors.joining("\n"));
        section(blocks, "*" + nextStepText(rule, next) + "*\n" + changes);
        buttons(blocks, ApprovalIds.blockId(recommendationId, next.step()), ApprovalIds.value(recommendationId, next.step()),
                button(ApprovalIds.APPROVE, "Approve", "primary"), button(ApprovalIds.REJECT, "Reject", "danger"));
        return blocks.toString();
    }

    /** Fixed-width columns: the check as the rule words it, the metric before and after, and its outcome. */
    private static String table(Verdict v) {
        int width = v.rows().stream().mapToInt(r -> r.check().text().length()).max().orElse(5);
        String format = "%-" + width + "s  %-12s  %-12s  %s%n";
        StringBuilder out = new StringBuilder(String.format(format, "check", "before", "after", ""));
        v.rows().forEach(r -> out.append(String.format(format, r.check().text(), r.beforeText(), r.afterText(), r.passed() ? "pass" : "FAIL")));
        return out.toString();
    }

    private static void section(ArrayNode blocks, String mrkdwn) {
        blocks.addObject().put("type", "section").putObject("text").put("type", "mrkdwn").put("text", mrkdwn);
    }

    private static void buttons(ArrayNode blocks, String blockId, String value, ObjectNode... buttons) {
        ArrayNode elements = blocks.addObject().put("type", "actions").put("block_id", blockId).putArray("elements");
        for (ObjectNode b : buttons) {
            elements.add(b.put("value", value));
        }
    }

    private static ObjectNode button(String actionId, String label, String style) {
        ObjectNode b = JSON.createObjectNode().put("type", "button").put("action_id", actionId).put("style", style);
        b.putObject("text").put("type", "plain_text").put("text", label);
        return b;
    }
}
