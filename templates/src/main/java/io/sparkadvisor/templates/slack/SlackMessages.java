package io.sparkadvisor.templates.slack;

import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.Wording;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every Slack message the bot sends about a run, one template per kind under
 * {@code templates/slack/}, made to fit Slack's limits by {@link SlackLimits}.
 */
public final class SlackMessages {
    /** How many findings the summary lists; the others still get their own reply in the thread. */
    public static final int SUMMARY_FINDINGS = 5;

    private SlackMessages() {}

    public static SlackMessage help(String command) {
        return one("slack/help.json", AskReply.HELP_FALLBACK.text(), Map.of("command", command));
    }

    /** The message in the channel that the thread hangs from; {@code status} is edited as the work goes on. */
    public static SlackMessage parent(String userId, String asked, String status) {
        return one("slack/parent.json", status, Map.of("user", userId, "asked", asked, "status", status));
    }

    /** A short reply to the asker alone ("busy", "not available yet"). */
    public static SlackMessage notice(String text) {
        return one("slack/notice.json", text, Map.of("text", text));
    }

    public static SlackMessage progress(String line) {
        return one("slack/progress.json", line, Map.of("line", line));
    }

    public static SlackMessage error(String headline, String detail) {
        return one("slack/error.json", ErrorReply.FALLBACK.text("headline", headline, "detail", detail),
                Map.of("headline", headline, "detail", detail));
    }

    /** The top findings by impact, each with a severity marker, one line of evidence and the saving. */
    public static List<SlackMessage> summary(String subject, Advice advice) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("subject", subject);
        scope.put("app", advice.application().name());
        scope.put("appId", advice.application().id());
        scope.put("duration", Format.duration(advice.application().durationMs()));
        scope.put("tasks", advice.coverage().tasks());
        scope.put("truncated", advice.coverage().truncated());
        scope.put("incomplete", !advice.coverage().complete());
        scope.put("missing", String.join(" and ", advice.coverage().missing()));
        scope.put("skipped", advice.coverage().skippedLines() > 0);
        scope.put("skippedLines", advice.coverage().skippedLines());
        scope.put("lines", advice.coverage().skippedLines() == 1 ? "line" : "lines");
        scope.put("window", Wording.window(advice.coverage()));
        scope.put("windowed", advice.coverage().window().isPresent());
        scope.put("failed", advice.outcome().failed());
        scope.put("outcome", Wording.outcome(advice.outcome()));
        scope.put("notes", advice.notes().stream().map(n -> n.text()).toList());
        List<Finding> top = advice.findings().stream().limit(SUMMARY_FINDINGS).toList();
        scope.put("findings", top.stream().map(SlackMessages::findingLine).toList());
        scope.put("hasFindings", !top.isEmpty());
        int more = advice.findings().size() - top.size();
        scope.put("more", more > 0 ? AskReply.MORE_FINDINGS.text("count", more, "one", more == 1) : "");
        return SlackLimits.fit(headline(subject, advice), Templates.json("slack/summary.json", scope));
    }

    /**
     * One finding in full: evidence, preconditions, the staged recommendation with its checks, and
     * Approve / Reject on the first step the bot could apply ({@link ApprovalIds} carries {@code recommendationId});
     * none when {@code recommendationId} is null (the finding is for people only).
     */
    public static List<SlackMessage> finding(Finding f, String recommendationId) {
        return finding(f, recommendationId, null);
    }

    /** As {@link #finding(Finding, String)}, with a "Find the hot value" button carrying {@code hotValueId} unless it is null. */
    public static List<SlackMessage> finding(Finding f, String recommendationId, String hotValueId) {
        return finding(f, recommendationId, hotValueId, false);
    }

    /** As {@link #finding(Finding, String, String)}; on a {@code continuous} job its Approve says the step waits for a restart. */
    public static List<SlackMessage> finding(Finding f, String recommendationId, String hotValueId, boolean continuous) {
        Map<String, Object> scope = findingLine(f);
        scope.put("continuousNote", continuous ? RestartMessages.approveNote() : null);
        scope.put("hotValue", hotValueId);
        scope.put("hotValueAction", HotValueIds.FIND);
        scope.put("hotValueBlock", HotValueIds.BLOCK);
        scope.put("rule", f.rule());
        scope.put("layer", f.layer().id());
        scope.put("stages", f.stageIds().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        scope.put("proof", f.recommendation().proof());
        scope.put("risk", f.risk());
        scope.put("facts", f.evidence().entrySet().stream()
                .map(e -> Map.of("key", e.getKey(), "value", evidenceValue(e.getValue()))).toList());
        scope.put("hasFacts", !f.evidence().isEmpty());
        scope.put("summary", f.recommendation().summary());
        scope.put("preconditions", f.recommendation().preconditions());
        scope.put("hasPreconditions", !f.recommendation().preconditions().isEmpty());
        // Only the first step the bot can apply gets buttons: the next one is offered once this one is verified.
        int firstApprovable = recommendationId == null ? -1 : f.recommendation().steps().stream()
                .filter(s -> s.changes().stream().anyMatch(Change::applicable)).mapToInt(Step::step).min().orElse(-1);
        scope.put("steps", f.recommendation().steps().stream().map(s -> step(s, recommendationId, s.step() == firstApprovable)).toList());
        scope.put("experiment", f.recommendation().experiment());
        return SlackLimits.fit(f.severity().id() + ": " + f.title(), Templates.json("slack/finding.json", scope));
    }

    /** A one-line outcome for the parent message and notifications. */
    public static String headline(String subject, Advice advice) {
        List<String> outcome = Wording.outcome(advice.outcome());
        if (!outcome.isEmpty()) {
            return AskReply.FAILED.text("subject", subject, "cause", outcome.get(0));
        }
        long serious = advice.findings().stream().filter(f -> f.severity().compareTo(Severity.LOW) > 0).count();
        if (serious == 0) {
            return AskReply.HEALTHY.text("subject", subject);
        }
        Finding top = advice.findings().get(0);
        return AskReply.FINDINGS.text("subject", subject, "count", serious, "one", serious == 1, "title", top.title());
    }

    public static String marker(Severity severity) {
        return switch (severity) {
            case HIGH -> ":red_circle:";
            case MEDIUM -> ":large_orange_circle:";
            case LOW -> ":large_yellow_circle:";
            case INFO -> ":white_circle:";
        };
    }

    private static Map<String, Object> findingLine(Finding f) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("marker", marker(f.severity()));
        item.put("severity", f.severity().id());
        item.put("title", f.title());
        item.put("evidence", firstSentence(f.recommendation().proof()));
        item.put("saving", Wording.estimate(f.savings()));
        return item;
    }

    private static Map<String, Object> step(Step s, String recommendationId, boolean approvable) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("step", s.step());
        item.put("changes", s.changes().stream().map(SlackMessages::change).toList());
        item.put("checks", s.checks());
        item.put("rollbackWhen", s.rollbackWhen());
        item.put("approvable", approvable);
        item.put("approve", ApprovalIds.APPROVE);
        item.put("reject", ApprovalIds.REJECT);
        item.put("blockId", ApprovalIds.blockId(recommendationId, s.step()));
        item.put("value", ApprovalIds.value(recommendationId, s.step()));
        return item;
    }

    private static Map<String, Object> change(Change c) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("scope", c.scope());
        item.put("key", c.key());
        item.put("value", c.value());
        item.put("snippet", c.scope().equals("code") || c.scope().equals("table"));
        item.put("manualBecause", c.manualBecause());
        return item;
    }

    private static String evidenceValue(Object value) {
        if (value instanceof Collection<?> values) {
            return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        return String.valueOf(value);
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }

    private static SlackMessage one(String template, String fallback, Map<String, Object> scope) {
        return SlackLimits.fit(fallback, Templates.json(template, scope)).get(0);
    }
}
