package io.sparkadvisor.templates.digest;

import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.Wording;
import io.sparkadvisor.templates.replies.DigestReply;
import io.sparkadvisor.templates.replies.ScanReply;
import io.sparkadvisor.templates.slack.SlackLimits;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The weekly cost digest as plain text (the CLI's dry run) and as Block Kit (the channel). */
public final class DigestMessages {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM yyyy", Locale.ROOT);

    private DigestMessages() {}

    public static String text(DigestReport report) {
        return Templates.plain("digest.txt", scope(report));
    }

    public static List<SlackMessage> slack(DigestReport report) {
        return SlackLimits.fit(headline(report), Templates.json("slack/digest.json", scope(report)));
    }

    /** One line for notifications: the week's total and its change. */
    public static String headline(DigestReport report) {
        return DigestReply.HEADLINE.text("title", title(report), "total", totalLine(report));
    }

    private static Map<String, Object> scope(DigestReport r) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("title", title(r));
        scope.put("total", totalLine(r));
        scope.put("estimate", r.estimated() ? DigestReply.ESTIMATE.text("reason", r.estimateReason()) : "");
        scope.put("source", r.estimated() ? "" : DigestReply.SOURCE.text());
        scope.put("topJobs", r.topJobs().stream().map(j -> topLine(r, j)).toList());
        scope.put("increases", r.increases().stream()
                .map(j -> DigestReply.INCREASE.text("job", job(j), "change", money(r, j.change()), "cost", money(r, j.cost()))).toList());
        scope.put("costlier", r.costlier().stream().map(c -> DigestReply.COSTLIER.text("job", job(c), "perRun", money(r, c.perRun()), "percent", percent(c.perRun(), c.usualPerRun()), "usual", money(r, c.usualPerRun()),
                "runs", c.runs(), "oneRun", c.runs() == 1, "runId", c.runId(), "cause", c.cause())).toList());
        scope.put("waste", r.waste().stream().map(DigestMessages::wasteLine).toList());
        scope.put("pending", r.pending().stream().map(p -> DigestReply.PENDING.text("step", p.step(), "rule", p.rule(), "jobId", p.jobId(),
                "runId", p.runId(), "proposed", p.proposedAt().atZone(ZoneOffset.UTC).toLocalDate())).toList());
        scope.put("realised", r.realised().stream().map(s -> DigestReply.REALISED.text("step", s.step(), "rule", s.rule(), "job", s.job(),
                "before", money(r, s.beforePerRun()), "after", money(r, s.afterPerRun()), "runs", s.runsAfter(), "oneRun", s.runsAfter() == 1,
                "saved", money(r, s.saved()))).toList());
        scope.put("realisedTotal", money(r, r.realised().stream().map(DigestReport.Realised::saved).reduce(BigDecimal.ZERO, BigDecimal::add)));
        topFixes(r, scope);
        for (String list : List.of("increases", "costlier", "waste", "pending", "realised")) {
            scope.put("has" + Character.toUpperCase(list.charAt(0)) + list.substring(1), !((List<?>) scope.get(list)).isEmpty());
        }
        return scope;
    }

    /** The line in the channel under which a costlier job's comparison goes: the job, its cost per run now and as usual. */
    public static SlackMessage costlierParent(DigestReport r, DigestReport.Costlier c) {
        return SlackMessages.notice(DigestReply.COSTLIER_PARENT.text("job", job(c), "perRun", money(r, c.perRun()),
                "usual", money(r, c.usualPerRun()), "runId", c.runId()));
    }

    /** The fleet scan's section, when the scan ran: each fix with the arithmetic of its dollars a week. */
    private static void topFixes(DigestReport r, Map<String, Object> scope) {
        DigestReport.TopFixes t = r.topFixes();
        scope.put("scanned", t != null);
        if (t == null) {
            return;
        }
        scope.put("fixes", t.fixes().stream().map(f -> ScanReply.FIX.text("job", f.job(), "rule", f.rule(), "title", f.title(),
                "perWeek", money(r, f.perWeek()), "arithmetic", arithmetic(r, f), "firstStep", f.firstStep())).toList());
        scope.put("noFixes", t.fixes().isEmpty() ? ScanReply.NO_FIXES.text("jobs", t.jobsScanned()) : "");
        scope.put("held", t.held() > 0 ? ScanReply.HELD.text("count", t.held(), "one", t.held() == 1) : "");
        scope.put("unanalysed", t.unanalysed().stream().map(u -> ScanReply.UNANALYSED.text("job", u.job(), "what", u.what(),
                "detail", u.detail())).toList());
        scope.put("hasUnanalysed", !t.unanalysed().isEmpty());
    }

    /** How a fix's dollars a week follow from what it saves, in the words of its basis. */
    private static String arithmetic(DigestReport r, DigestReport.Fix f) {
        String percent = String.format(Locale.ROOT, "%.1f%%", f.savedShare() * 100);
        String costPerRun = money(r, f.costPerRun());
        boolean oneRun = f.runsPerWeek() == 1;
        return switch (f.basis()) {
            case RUN_TIME -> ScanReply.RUN_TIME.text("percent", percent, "costPerRun", costPerRun, "runs", f.runsPerWeek(), "oneRun", oneRun);
            case CORE_HOURS, NODE_HOURS -> (f.basis() == DigestReport.SavingBasis.CORE_HOURS ? ScanReply.CORE_HOURS : ScanReply.NODE_HOURS)
                    .text("saved", hours(f.saved()), "whole", hours(f.whole()), "percent", percent, "costPerRun", costPerRun,
                            "runs", f.runsPerWeek(), "oneRun", oneRun);
            case LIST_DOLLARS -> ScanReply.LIST_DOLLARS.text("savingPerRun", money(r, f.savingPerRun()), "runs", f.runsPerWeek(),
                    "oneRun", oneRun);
            case ALWAYS_ON -> ScanReply.ALWAYS_ON.text("percent", percent, "weekCost", costPerRun);
        };
    }

    /** Three significant digits: 0.005, 1.67, 199. */
    private static String hours(double h) {
        return new BigDecimal(h).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static String title(DigestReport r) {
        return DigestReply.TITLE.text("from", DAY.format(r.from()), "to", DAY.format(r.to().minusDays(1)), "estimated", r.estimated());
    }

    private static String totalLine(DigestReport r) {
        String spend = DigestReply.SPEND.text("estimated", r.estimated(), "amount", money(r, r.total()));
        int direction = r.total().compareTo(r.previousTotal());
        if (r.previousTotal().signum() == 0) {
            return DigestReply.TOTAL_NO_PREVIOUS.text("spend", spend);
        }
        if (direction == 0) {
            return DigestReply.TOTAL_SAME.text("spend", spend);
        }
        return (direction > 0 ? DigestReply.TOTAL_UP : DigestReply.TOTAL_DOWN).text("spend", spend,
                "percent", percent(r.total(), r.previousTotal()), "previous", money(r, r.previousTotal()));
    }

    private static String topLine(DigestReport r, DigestReport.JobLine j) {
        String compared = j.previousCost().signum() == 0 ? DigestReply.NEW_THIS_WEEK.text()
                : DigestReply.VERSUS.text("sign", j.change().signum() >= 0 ? "+" : "-", "percent", percent(j.cost(), j.previousCost()),
                        "previous", money(r, j.previousCost()));
        return DigestReply.TOP_JOB.text("job", job(j), "cost", money(r, j.cost()), "runs", j.runs(), "oneRun", j.runs() == 1,
                "compared", compared);
    }

    private static String wasteLine(DigestReport.Waste w) {
        return DigestReply.WASTE.text("rule", w.rule(), "job", w.job(), "runId", w.runId(), "title", w.title(),
                "saving", Wording.estimate(w.savings()));
    }

    private static String job(DigestReport.JobLine j) {
        return job(j.name(), j.jobId());
    }

    private static String job(DigestReport.Costlier c) {
        return job(c.name(), c.jobId());
    }

    private static String job(String name, String jobId) {
        return name == null ? DigestReply.UNNAMED_JOB.text("jobId", jobId) : DigestReply.NAMED_JOB.text("name", name, "jobId", jobId);
    }

    /** The size of the change, without its sign: "23.5%". */
    private static String percent(BigDecimal now, BigDecimal before) {
        BigDecimal change = now.subtract(before).abs().multiply(BigDecimal.valueOf(100)).divide(before.abs(), 1, RoundingMode.HALF_UP);
        return change.toPlainString() + "%";
    }

    public static String money(DigestReport r, BigDecimal amount) {
        String digits = String.format(Locale.ROOT, "%,.2f", amount.abs().setScale(2, RoundingMode.HALF_UP));
        String sign = amount.signum() < 0 ? "-" : "";
        return "USD".equals(r.currency()) ? sign + "$" + digits : sign + digits + " " + r.currency();
    }
}
