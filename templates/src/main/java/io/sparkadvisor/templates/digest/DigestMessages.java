package io.sparkadvisor.templates.digest;

import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.slack.SlackLimits;
import io.sparkadvisor.templates.slack.SlackMessage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
        return title(report) + ": " + totalLine(report);
    }

    private static Map<String, Object> scope(DigestReport r) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("title", title(r));
        scope.put("total", totalLine(r));
        scope.put("estimate", r.estimated() ? "Estimate: " + r.estimateReason() + " Costs are node-hours of each run's job"
                + " clusters times the configured DBU rates and price per DBU." : "");
        scope.put("source", r.estimated() ? "" : "From system.billing.usage at list prices (effective list), jobs compute and serverless.");
        scope.put("topJobs", r.topJobs().stream().map(j -> topLine(r, j)).toList());
        scope.put("increases", r.increases().stream().map(j -> job(j) + ": +" + money(r, j.change()) + " to " + money(r, j.cost())).toList());
        scope.put("waste", r.waste().stream().map(DigestMessages::wasteLine).toList());
        scope.put("pending", r.pending().stream().map(p -> "step " + p.step() + " of " + p.rule() + " for job " + p.jobId()
                + " (from run " + p.runId() + "), proposed " + p.proposedAt().atZone(ZoneOffset.UTC).toLocalDate()).toList());
        scope.put("realised", r.realised().stream().map(s -> "step " + s.step() + " of " + s.rule() + " on " + s.job() + ": "
                + money(r, s.beforePerRun()) + " → " + money(r, s.afterPerRun()) + " per run over " + s.runsAfter()
                + (s.runsAfter() == 1 ? " run" : " runs") + ", " + money(r, s.saved()) + " saved").toList());
        scope.put("realisedTotal", money(r, r.realised().stream().map(DigestReport.Realised::saved).reduce(BigDecimal.ZERO, BigDecimal::add)));
        for (String list : List.of("increases", "waste", "pending", "realised")) {
            scope.put("has" + Character.toUpperCase(list.charAt(0)) + list.substring(1), !((List<?>) scope.get(list)).isEmpty());
        }
        return scope;
    }

    private static String title(DigestReport r) {
        return "Jobs cost, " + DAY.format(r.from()) + " to " + DAY.format(r.to().minusDays(1)) + (r.estimated() ? " (estimate)" : "");
    }

    private static String totalLine(DigestReport r) {
        String spend = (r.estimated() ? "estimated spend " : "spend ") + money(r, r.total());
        int direction = r.total().compareTo(r.previousTotal());
        if (r.previousTotal().signum() == 0) {
            return spend + ", nothing the week before";
        }
        if (direction == 0) {
            return spend + ", the same as the week before";
        }
        return spend + ", " + (direction > 0 ? "up " : "down ") + percent(r.total(), r.previousTotal()) + " from "
                + money(r, r.previousTotal()) + " the week before";
    }

    private static String topLine(DigestReport r, DigestReport.JobLine j) {
        String was = j.previousCost().signum() == 0 ? "new this week"
                : (j.change().signum() >= 0 ? "+" : "-") + percent(j.cost(), j.previousCost()) + " vs " + money(r, j.previousCost());
        return job(j) + ": " + money(r, j.cost()) + " in " + j.runs() + (j.runs() == 1 ? " run" : " runs") + ", " + was;
    }

    private static String wasteLine(DigestReport.Waste w) {
        List<String> saving = new ArrayList<>();
        if (w.runtimeMs() > 0) {
            saving.add(Format.duration(w.runtimeMs()));
        }
        if (w.coreHours() > 0) {
            saving.add(String.format(Locale.ROOT, "%.2f core-hours", w.coreHours()));
        }
        return w.rule() + " on " + w.job() + ", run " + w.runId() + ": " + w.title()
                + (saving.isEmpty() ? "" : "; saves about " + String.join(" and ", saving) + " per run");
    }

    private static String job(DigestReport.JobLine j) {
        return j.name() == null ? "job " + j.jobId() : j.name() + " (job " + j.jobId() + ")";
    }

    /** The size of the change, without its sign: "23.5%". */
    private static String percent(BigDecimal now, BigDecimal before) {
        BigDecimal change = now.subtract(before).abs().multiply(BigDecimal.valueOf(100)).divide(before.abs(), 1, RoundingMode.HALF_UP);
        return change.toPlainString() + "%";
    }

    static String money(DigestReport r, BigDecimal amount) {
        String digits = String.format(Locale.ROOT, "%,.2f", amount.abs().setScale(2, RoundingMode.HALF_UP));
        String sign = amount.signum() < 0 ? "-" : "";
        return "USD".equals(r.currency()) ? sign + "$" + digits : sign + digits + " " + r.currency();
    }
}
