package io.sparkadvisor.templates.slack;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.NoiseBand;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.advisor.Verdict;
import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.replies.ApprovalReply;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The messages about a change to a job, from its approval to its verdict: notes in the
 * recommendation's thread and to a clicker, the follow-up's verdict table (with Roll back, passed
 * or failed), the next
 * step with its own Approve and Reject, and a job's history. User ids and dates are Slack markup
 * written by the templates; everything else is escaped, so a job or rule name cannot ping anyone.
 */
public final class ChangeMessages {
    /**
     * What reading the job back told about a change (or a roll back) whose send failed or was cut
     * short: in effect, not in effect, edited by someone else since, or not readable yet.
     */
    public enum Settled {
        RECOVERED("recovered"), RELEASED("released"), UNKNOWN("unknown"), PENDING("pending"),
        RESTORED("restored"), NOT_RESTORED("notRestored"), RESTORE_UNKNOWN("restoreUnknown");

        private final String note;

        Settled(String note) {
            this.note = note;
        }
    }

    /** A change as the thread and the history show it. */
    public record Subject(String rule, int step, long jobId) {}

    /** One decided step of a job, for {@link #history}. */
    public record Decided(String rule, int step, long runId, String state, String user, Instant at, String verdict) {}

    /** The kinds of note slack/thread-note.json.mustache words, one section each. */
    private static final List<String> NOTES = List.of("applied", "notApplied", "rolledBack", "released", "recovered",
            "alreadyDecided", "jobGone", "unknown", "pending", "restored", "notRestored", "restoreUnknown", "busy");

    private ChangeMessages() {}

    /** To a late or repeated click: the step was decided before, by {@code userId} when known. */
    public static SlackMessage alreadyDecided(Subject s, String state, String userId) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("state", state);
        details.put("user", userId); // null when unknown: the note leaves out "by"
        return note("alreadyDecided", s, details);
    }

    /** An applied step whose job was deleted before its next run could be judged. */
    public static SlackMessage jobGone(Subject s) {
        return note("jobGone", s, Map.of(), ApprovalReply.JOB_GONE_FALLBACK.text("jobId", s.jobId(), "step", s.step(), "rule", s.rule()));
    }

    /** {@code what}: the applied changes and the cluster they went to, as {@link #describe} words them. */
    public static SlackMessage applied(Subject s, String userId, String what) {
        return note("applied", s, Map.of("user", userId, "what", what));
    }

    public static SlackMessage notApplied(Subject s, String reason) {
        return note("notApplied", s, Map.of("reason", reason));
    }

    public static SlackMessage rolledBack(Subject s, String userId) {
        return note("rolledBack", s, Map.of("user", userId));
    }

    /**
     * {@code reason}: the error the send ended with, when there was one (shown for {@link Settled#PENDING}).
     * A change found in effect ({@link Settled#RECOVERED}) carries its Roll back button.
     */
    public static SlackMessage settled(String recommendationId, Subject s, String userId, Settled outcome, String reason) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("user", userId);
        details.put("reason", reason);
        if (outcome == Settled.RECOVERED) {
            details.put("rollBackBlockId", ApprovalIds.rollBackBlockId(recommendationId, s.step()));
            details.put("rollBack", ApprovalIds.ROLL_BACK);
            details.put("rollBackValue", ApprovalIds.value(recommendationId, s.step()));
        }
        return note(outcome.note, s, details);
    }

    /** To a click on a job another change is being applied to or rolled back from. */
    public static SlackMessage busy(Subject s) {
        return note("busy", s, Map.of());
    }

    /** The applicable changes of a step, e.g. "spark_env_vars `SPARK_WORKER_CORES` = `6`". */
    public static String describe(Step step) {
        return String.join(", ", step.changes().stream().filter(Change::applicable)
                .map(c -> ApprovalReply.CHANGE.text("scope", c.scope(), "key", c.key(), "value", c.value())).toList());
    }

    /** The verdict's first line: which step, which run, and how it went. */
    public static String verdictHeadline(Subject s, long runId, Verdict v) {
        ApprovalReply why = !v.runSucceeded() ? ApprovalReply.VERDICT_RUN_FAILED
                : v.rows().isEmpty() ? ApprovalReply.VERDICT_NOTHING_TO_MEASURE
                : v.rows().stream().noneMatch(r -> r.after().isPresent()) ? ApprovalReply.VERDICT_NO_EVENT_LOG
                : v.rows().stream().noneMatch(r -> r.before().isPresent()) ? ApprovalReply.VERDICT_NO_BASELINE : null;
        return ApprovalReply.VERDICT_HEADLINE.text("step", s.step(), "rule", s.rule(), "passed", v.passed(), "runId", runId,
                "why", why == null ? "" : why.text());
    }

    /**
     * A step's verdict with what it was judged on: the checks measured on {@code baselineRunId} (the run the advice
     * came from for step 1, the run that verified step N-1 for step N) and on {@code runId}, and the finding's
     * run-time prediction against that run, when both are known.
     */
    public record Judgement(long baselineRunId, long runId, Verdict verdict, Optional<Prediction.Outcome> prediction) {}

    /** The verdict as plain mrkdwn with its table: the measured effect kept with the change for the history. */
    public static String verdictSummary(Subject s, Judgement j) {
        return ApprovalReply.VERDICT_SUMMARY.text("headline", verdictHeadline(s, j.runId(), j.verdict()), "table", table(j) + stages(j))
                + j.prediction().map(o -> "\n" + prediction(o)).orElse("");
    }

    /** The verdict with its table and a Roll back button: a passed step too may turn out to hurt downstream later. */
    public static SlackMessage verdict(String recommendationId, Subject s, Judgement j) {
        Verdict v = j.verdict();
        String headline = verdictHeadline(s, j.runId(), v);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("headline", headline);
        scope.put("table", table(j) + stages(j));
        scope.put("prediction", j.prediction().map(ChangeMessages::prediction).orElse(""));
        scope.put("rollBackBlockId", ApprovalIds.rollBackBlockId(recommendationId, s.step()));
        scope.put("rollBack", ApprovalIds.ROLL_BACK);
        scope.put("value", ApprovalIds.value(recommendationId, s.step()));
        return only(headline, "slack/verdict.json", scope);
    }

    /** The step after a passed one, with the buttons the approval desk answers on the block it edits. */
    public static SlackMessage nextStep(String recommendationId, String rule, Step next) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("step", next.step());
        scope.put("rule", rule);
        scope.put("changes", next.changes().stream().filter(Change::applicable)
                .map(c -> Map.of("scope", c.scope(), "key", c.key(), "value", c.value())).toList());
        scope.put("checks", next.checks());
        scope.put("hasChecks", !next.checks().isEmpty());
        scope.put("rollbackWhen", next.rollbackWhen());
        scope.put("blockId", ApprovalIds.blockId(recommendationId, next.step()));
        scope.put("value", ApprovalIds.value(recommendationId, next.step()));
        scope.put("approve", ApprovalIds.APPROVE);
        scope.put("reject", ApprovalIds.REJECT);
        return only(ApprovalReply.NEXT_STEP_FALLBACK.text("step", next.step(), "rule", rule), "slack/next-step.json", scope);
    }

    /** The decided steps of a job, oldest first; long histories run over several messages. */
    public static List<SlackMessage> history(long jobId, List<Decided> decided) {
        List<Map<String, Object>> changes = decided.stream().map(d -> {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("step", d.step());
            item.put("rule", d.rule());
            item.put("runId", d.runId());
            item.put("state", d.state());
            item.put("user", d.user());
            item.put("when", StepDecision.when(d.at()));
            item.put("verdict", d.verdict() == null ? "" : d.verdict());
            return item;
        }).toList();
        return SlackLimits.fit(ApprovalReply.HISTORY_FALLBACK.text("jobId", jobId),
                Templates.json("slack/history.json", Map.of("jobId", jobId, "changes", changes)));
    }

    private static SlackMessage note(String kind, Subject s, Map<String, Object> details) {
        return note(kind, s, details, ApprovalReply.NOTE_FALLBACK.text("step", s.step(), "rule", s.rule(), "jobId", s.jobId()));
    }

    /** The note of {@code kind} in slack/thread-note.json: its section is on, every other kind's off. */
    private static SlackMessage note(String kind, Subject s, Map<String, Object> details, String fallback) {
        Map<String, Object> scope = new LinkedHashMap<>(details);
        scope.putIfAbsent("rollBackValue", null); // only a change found in effect offers its roll back
        NOTES.forEach(k -> scope.put(k, k.equals(kind)));
        scope.put("step", s.step());
        scope.put("rule", s.rule());
        scope.put("jobId", s.jobId());
        return only(fallback, "slack/thread-note.json", scope);
    }

    /** Messages about one change are short: one message, or a bug. */
    private static SlackMessage only(String fallback, String template, Map<String, Object> scope) {
        List<SlackMessage> fitted = SlackLimits.fit(fallback, Templates.json(template, scope));
        if (fitted.size() != 1) {
            throw new IllegalStateException(template + " rendered " + fitted.size() + " messages");
        }
        return fitted.get(0);
    }

    /** Fixed-width columns: the check as the rule words it, the metric before and after, and its outcome. */
    /** "Run time: predicted 61 s (72 s less the 11 s saving), took 64 s: 73% of the predicted saving realised." */
    public static String prediction(Prediction.Outcome o) {
        Prediction p = o.prediction();
        return ApprovalReply.VERDICT_PREDICTION.text("upperBound", p.upperBound(), "predicted", Format.duration(p.predictedMs()),
                "baseline", Format.duration(p.baselineMs()), "saving", Format.duration(p.predictedSavingMs()),
                "actual", Format.duration(o.actualMs()), "realised", Format.percent(o.realisedShare()));
    }

    /**
     * "±8.0 s over 5 runs", "±0 ms over 1 run, a guess", with ", per input (2.0x)" when the judged run read another amount;
     * empty for a check against a fixed bound or without a baseline.
     */
    static String band(Verdict.Row r) {
        return r.baseline().filter(b -> r.check().comparison().againstBaseline()).map(b -> {
            NoiseBand band = b.band();
            String spread = ApprovalReply.VERDICT_BAND.text("noise", r.check().metric().format(band.noise()),
                    "runs", band.runs(), "plural", band.runs() != 1, "guess", band.guess());
            return b.inputTimes().isPresent()
                    ? spread + ApprovalReply.VERDICT_PER_INPUT.text("times", Format.ratio(b.inputTimes().getAsDouble())) : spread;
        }).orElse("");
    }

    /** One line per stage the judged run numbers differently or does not have: which stage was read, or why none. */
    private static String stages(Judgement j) {
        return j.verdict().rows().stream().flatMap(r -> r.stageNote().stream()).distinct()
                .map(note -> ApprovalReply.VERDICT_STAGE.text("runId", j.runId(), "note", note) + "\n").collect(Collectors.joining());
    }

    /**
     * The checks, one a line, with each column headed by the run it was measured on, then the baseline's noise band
     * (and "per input" when the judged run read another amount); a note when one run made the band a guess.
     */
    private static String table(Judgement j) {
        Verdict v = j.verdict();
        int width = v.rows().stream().mapToInt(r -> r.check().text().length()).max().orElse(5);
        int bandWidth = v.rows().stream().mapToInt(r -> band(r).length()).max().orElse(0);
        String format = "%-" + width + "s  %-12s  %-12s  %-4s  %-" + Math.max(1, bandWidth) + "s%n";
        StringBuilder out = new StringBuilder(String.format(format, "check", "run " + j.baselineRunId(), "run " + j.runId(), "",
                bandWidth == 0 ? "" : ApprovalReply.VERDICT_BAND_HEADING.text()));
        v.rows().forEach(r -> out.append(String.format(format, r.check().text(), r.beforeText(), r.afterText(),
                r.passed() ? "pass" : "FAIL", band(r))));
        if (v.bandIsGuess()) {
            out.append(ApprovalReply.VERDICT_BAND_GUESS.text()).append('\n');
        }
        return out.toString().replaceAll(" +\n", "\n");
    }
}
