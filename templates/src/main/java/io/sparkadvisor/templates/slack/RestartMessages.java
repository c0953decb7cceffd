package io.sparkadvisor.templates.slack;

import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.RestartReply;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages about a step on a continuous job: in effect only after its active run restarts, which waits for an
 * approver's Restart now (under the applied or rolled-back note), then judged on a window of the new run's batches
 * (with Roll back). User ids and dates are Slack markup; everything else is escaped.
 */
public final class RestartMessages {
    /** One measure of the window before the restart and after it, as the verdict's table shows it. */
    public record Row(String measure, String before, String after, boolean passed) {}

    private static final String RESTART_ICON = ":arrows_counterclockwise:";
    private static final String BACK_ICON = ":leftwards_arrow_with_hook:";

    /** Who a note names, and its icon: the template writes the mention around the user id (a value), so Slack shows it. */
    private record By(String icon, String user) {}

    private RestartMessages() {}

    /** The line under a continuous job's Approve button. */
    public static String approveNote() {
        return RestartReply.APPROVE_NOTE.text();
    }

    /**
     * The step is in the job's settings, not in effect: {@code what} as ChangeMessages.describe words it; with Restart now,
     * and Roll back, which puts the settings back with no restart.
     */
    public static SlackMessage awaiting(String recommendationId, Subject s, String userId, String what) {
        return withRestart(recommendationId, s, new By(RESTART_ICON, userId), RestartReply.AWAITING.text("step", s.step(), "rule", s.rule(),
                "jobId", s.jobId(), "what", what), true);
    }

    /** The roll back is in the job's settings, the step still in effect until the restart; with Restart now. */
    public static SlackMessage rolledBackAwaiting(String recommendationId, Subject s, String userId) {
        return withRestart(recommendationId, s, new By(BACK_ICON, userId), RestartReply.ROLLED_BACK_AWAITING.text("step", s.step(),
                "rule", s.rule(), "jobId", s.jobId()), false);
    }

    /** A step rolled back while it awaited its restart: back out of the job's settings, never in effect, no restart needed. */
    public static SlackMessage withdrawn(Subject s, String userId) {
        return note(s, new By(BACK_ICON, userId), RestartReply.WITHDRAWN.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId()),
                Map.of());
    }

    /** The clicked awaiting note with its Restart now and Roll back replaced by {@code line}. */
    public static String withdrawnInPlace(String blocksJson, String recommendationId, int step, String line) {
        return StepDecision.replaced(blocksJson, ApprovalIds.restartBlockId(recommendationId, step), line);
    }

    /**
     * After the confirmed restart: run {@code cancelledRunId} cancelled, and what is judged next; 0 when none was running,
     * so the window before is that of {@code adviceRunId}, the run the advice came from.
     */
    public static SlackMessage restarted(Subject s, String userId, long cancelledRunId, long adviceRunId) {
        String text = cancelledRunId == 0
                ? RestartReply.NOTHING_RUNNING.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId(), "adviceRunId", adviceRunId)
                : RestartReply.RESTARTED.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId(), "runId", cancelledRunId);
        return note(s, new By(RESTART_ICON, userId), text, Map.of());
    }

    public static SlackMessage notRestarted(Subject s, String reason) {
        return note(s, null, RestartReply.NOT_RESTARTED.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId(), "reason", reason),
                Map.of());
    }

    /** The clicked note with its Restart now replaced by who restarted and when. */
    public static String restartedInPlace(String blocksJson, String recommendationId, int step, String userId, Instant at,
            long cancelledRunId) {
        String line = RestartReply.RESTARTED_BY.text("user", userId, "when", StepDecision.when(at), "runId",
                cancelledRunId == 0 ? "" : Long.toString(cancelledRunId));
        return StepDecision.replaced(blocksJson, ApprovalIds.restartBlockId(recommendationId, step), line);
    }

    /**
     * The verdict on the window of {@code runId}'s batches ({@code batches} over {@code minutes}) against the same window of
     * {@code baselineRunId} before the restart, one row per measure both windows have; with Roll back.
     */
    public static SlackMessage verdict(String recommendationId, Subject s, boolean passed, long runId, long baselineRunId, int batches,
            long minutes, List<Row> rows) {
        String headline = headline(s, passed, runId, baselineRunId, batches, minutes);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("table", table(rows, baselineRunId, runId));
        scope.put("blockId", ApprovalIds.rollBackBlockId(recommendationId, s.step()));
        scope.put("action", ApprovalIds.ROLL_BACK);
        scope.put("label", "Roll back");
        scope.put("danger", true);
        scope.put("buttonValue", ApprovalIds.value(recommendationId, s.step()));
        return note(s, null, headline, scope);
    }

    /** The verdict as plain mrkdwn with its table: the measured effect kept with the change for the history. */
    public static String verdictSummary(Subject s, boolean passed, long runId, long baselineRunId, int batches, long minutes,
            List<Row> rows) {
        return headline(s, passed, runId, baselineRunId, batches, minutes) + "\n```" + table(rows, baselineRunId, runId) + "```";
    }

    private static String headline(Subject s, boolean passed, long runId, long baselineRunId, int batches, long minutes) {
        return RestartReply.VERDICT_HEADLINE.text("step", s.step(), "rule", s.rule(), "passed", passed, "runId", runId,
                "baselineRunId", baselineRunId, "window", RestartReply.VERDICT_WINDOW.text("batches", batches, "minutes", minutes));
    }

    private static SlackMessage withRestart(String recommendationId, Subject s, By by, String text, boolean withdraw) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("withdraw", withdraw);
        scope.put("withdrawAction", ApprovalIds.ROLL_BACK);
        scope.put("withdrawLabel", "Roll back");
        scope.put("blockId", ApprovalIds.restartBlockId(recommendationId, s.step()));
        scope.put("action", ApprovalIds.RESTART);
        scope.put("label", RestartReply.RESTART_BUTTON.text());
        scope.put("danger", false);
        scope.put("buttonValue", ApprovalIds.value(recommendationId, s.step()));
        return note(s, by, text, scope);
    }

    /**
     * {@code text} in a section, led by {@code by}'s icon and mention when it names who clicked (null when the sentence
     * names nobody), the scope's table and button under it; the notification names the step, as ChangeMessages' notes do.
     */
    private static SlackMessage note(Subject s, By by, String text, Map<String, Object> details) {
        Map<String, Object> scope = new LinkedHashMap<>(details);
        scope.put("by", by);
        scope.put("text", text);
        scope.putIfAbsent("table", null);
        scope.putIfAbsent("buttonValue", null);
        scope.putIfAbsent("withdraw", false);
        List<SlackMessage> fitted = SlackLimits.fit(ApprovalReply.NOTE_FALLBACK.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId()),
                Templates.json("slack/restart-note.json", scope));
        if (fitted.size() != 1) {
            throw new IllegalStateException("slack/restart-note.json rendered " + fitted.size() + " messages");
        }
        return fitted.get(0);
    }

    private static String table(List<Row> rows, long baselineRunId, long runId) {
        int width = rows.stream().mapToInt(r -> r.measure().length()).max().orElse(7);
        String format = "%-" + width + "s  %-14s  %-14s  %s%n";
        StringBuilder out = new StringBuilder(String.format(format, "measure", "run " + baselineRunId, "run " + runId, ""));
        rows.forEach(r -> out.append(String.format(format, r.measure(), r.before(), r.after(), r.passed() ? "pass" : "FAIL")));
        return out.toString().replaceAll(" +\n", "\n");
    }
}
