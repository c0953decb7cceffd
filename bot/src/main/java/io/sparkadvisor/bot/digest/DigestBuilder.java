package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.store.AnalysedFinding;
import io.sparkadvisor.bot.store.StepSummary;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.RunCost;
import io.sparkadvisor.databricks.billing.WeeklyCosts;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.DigestReply;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Puts a digest together from what was read for it; no I/O, so every number in it can be checked from known rows. */
public final class DigestBuilder {
    /** The runs before a change that give its cost per run before. */
    static final Duration BEFORE_A_CHANGE = Duration.ofDays(14);

    private DigestBuilder() {}

    /**
     * @param estimateReason null for billing-table costs
     * @param runCosts       runs of the jobs with verified changes, from {@link #BEFORE_A_CHANGE} before the oldest change
     */
    public static DigestReport build(LocalDate weekStart, int top, WeeklyCosts costs, String estimateReason, List<AnalysedFinding> findings,
            List<StepSummary> pending, List<StepSummary> verified, List<RunCost> runCosts) {
        Map<String, JobCost> jobs = costs.jobs().stream().collect(Collectors.toMap(JobCost::jobId, Function.identity()));
        List<DigestReport.JobLine> topJobs = costs.jobs().stream().sorted(Comparator.comparing(JobCost::cost).reversed()).limit(top)
                .map(DigestBuilder::line).toList();
        List<DigestReport.JobLine> increases = costs.jobs().stream().filter(j -> j.change().signum() > 0)
                .sorted(Comparator.comparing(JobCost::change).reversed()).limit(top).map(DigestBuilder::line).toList();
        List<DigestReport.Waste> waste = findings.stream().limit(top).map(f -> new DigestReport.Waste(f.rule(), f.title(), f.subject(),
                f.runId(), f.savings())).toList();
        List<DigestReport.Pending> waiting = actionable(pending).stream().limit(top).map(p -> new DigestReport.Pending(p.rule(), p.jobId(),
                p.runId(), p.step(), p.at())).toList();
        Instant weekEnd = weekStart.plusDays(7).atStartOfDay(ZoneOffset.UTC).toInstant();
        List<DigestReport.Realised> realised = verified.stream().map(v -> realised(v, jobs, runCosts, weekEnd))
                .flatMap(Optional::stream).toList();
        return new DigestReport(weekStart, weekStart.plusDays(7), costs.currency(), estimateReason, costs.total(), costs.previousTotal(),
                topJobs, increases, waste, waiting, realised, null);
    }

    /**
     * One line per job and rule, however often its runs were analysed: the newest recommendation's
     * first undecided step (a later step waits for it). {@code pending} comes newest first.
     */
    static List<StepSummary> actionable(List<StepSummary> pending) {
        Map<String, StepSummary> byJobAndRule = new LinkedHashMap<>();
        for (StepSummary p : pending) {
            byJobAndRule.merge(p.jobId() + "/" + p.rule(), p, (kept, other) ->
                    kept.recommendationId().equals(other.recommendationId()) && other.step() < kept.step() ? other : kept);
        }
        return List.copyOf(byJobAndRule.values());
    }

    /**
     * Cost per run in the {@link #BEFORE_A_CHANGE} before the change against the runs from the
     * change to the end of the week, times those runs; nothing when either side has no run.
     */
    static Optional<DigestReport.Realised> realised(StepSummary change, Map<String, JobCost> jobs, List<RunCost> runCosts, Instant weekEnd) {
        String jobId = Long.toString(change.jobId());
        List<RunCost> ofJob = runCosts.stream().filter(r -> r.jobId().equals(jobId)).toList();
        List<RunCost> before = ofJob.stream().filter(r -> r.start().isBefore(change.at())
                && !r.start().isBefore(change.at().minus(BEFORE_A_CHANGE))).toList();
        List<RunCost> after = ofJob.stream().filter(r -> !r.start().isBefore(change.at()) && r.start().isBefore(weekEnd)).toList();
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        String name = Optional.ofNullable(jobs.get(jobId)).map(JobCost::jobName).orElse(DigestReply.UNNAMED_JOB.text("jobId", jobId));
        return Optional.of(new DigestReport.Realised(change.rule(), change.step(), name, perRun(before), perRun(after), after.size()));
    }

    private static BigDecimal perRun(List<RunCost> runs) {
        return runs.stream().map(RunCost::cost).reduce(BigDecimal.ZERO, BigDecimal::add)
                .divide(BigDecimal.valueOf(runs.size()), 2, RoundingMode.HALF_UP);
    }

    private static DigestReport.JobLine line(JobCost j) {
        return new DigestReport.JobLine(j.jobId(), j.jobName(), j.runs(), j.cost(), j.previousCost());
    }
}
