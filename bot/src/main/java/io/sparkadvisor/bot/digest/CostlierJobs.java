package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.ask.Progress;
import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.JobCosts;
import io.sparkadvisor.databricks.billing.RunCost;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.eventlog.EventLogException;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.compare.Cause;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.DigestReply;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * "Got slower or costlier this week": the listed jobs whose median cost per run this week rose beyond the usual spread of
 * their runs' costs in the {@link #WEEKS_BEFORE} weeks before ({@link RunComparisons#aboveUsual}), each with the top
 * cause of its latest run of the week against the job's usual run ({@link RunComparisons}).
 */
final class CostlierJobs {
    /** A job that got costlier: its line in the digest, and the comparison its cause comes from (empty when there is none). */
    record Found(DigestReport.Costlier line, Optional<Why.Explained> comparison) {}

    private static final Logger LOG = LoggerFactory.getLogger(CostlierJobs.class);
    /** The weeks whose runs make a job's usual cost per run: a month, long enough for a weekly job's three runs. */
    static final int WEEKS_BEFORE = 4;

    private final RunComparisons comparisons;

    CostlierJobs(RunComparisons comparisons) {
        this.comparisons = comparisons;
    }

    List<Found> of(JobCosts costs, List<JobCost> jobs, LocalDate weekStart) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        Instant start = weekStart.atStartOfDay(ZoneOffset.UTC).toInstant();
        Map<String, List<RunCost>> byJob = costs.perRun(jobs.stream().map(JobCost::jobId).toList(), weekStart.minusWeeks(WEEKS_BEFORE),
                weekStart.plusDays(7)).stream().collect(Collectors.groupingBy(RunCost::jobId));
        List<Found> out = new ArrayList<>();
        for (JobCost job : jobs) {
            List<RunCost> runs = byJob.getOrDefault(job.jobId(), List.of());
            List<RunCost> now = runs.stream().filter(r -> !r.start().isBefore(start)).toList();
            List<RunCost> before = runs.stream().filter(r -> r.start().isBefore(start)).toList();
            if (now.isEmpty()) {
                continue;
            }
            double perRun = comparisons.usual(values(now)).median();
            if (comparisons.aboveUsual(values(before), perRun)) {
                RunCost latest = now.stream().max(Comparator.comparing(RunCost::start)).orElseThrow();
                out.add(found(latest, job, money(comparisons.usual(values(before)).median()), money(perRun), now.size()));
            }
        }
        out.sort(Comparator.comparing((Found f) -> f.line().rise()).reversed());
        return out;
    }

    /** The job's line with its latest run's top cause in one line (what kept it from one when there is none), and that comparison. */
    private Found found(RunCost latest, JobCost job, BigDecimal usual, BigDecimal perRun, int runs) {
        Optional<Why.Explained> explained = Optional.empty();
        String cause;
        try {
            Why why = comparisons.explain(new RunRef(Long.parseLong(latest.runId()), Long.parseLong(job.jobId()), null), Optional.empty(),
                    Progress.NONE);
            explained = why instanceof Why.Explained e ? Optional.of(e) : Optional.empty();
            cause = explained.map(CostlierJobs::cause).orElse(DigestReply.COSTLIER_NO_HISTORY.text());
        } catch (WorkspaceException | EventLogException e) {
            LOG.info("no comparison for run {} of job {}: {}", latest.runId(), job.jobId(), e.getMessage());
            cause = DigestReply.COSTLIER_NOT_COMPARED.text("reason", e.getMessage());
        }
        return new Found(new DigestReport.Costlier(job.jobId(), job.jobName(), usual, perRun, runs, Long.parseLong(latest.runId()), cause),
                explained);
    }

    private static String cause(Why.Explained explained) {
        if (explained.comparison().withinNoise() || explained.comparison().causes().isEmpty()) {
            return DigestReply.COSTLIER_USUAL_TIME.text("baselineId", explained.baseline().ref().runId());
        }
        Cause top = explained.comparison().causes().get(0);
        return DigestReply.COSTLIER_CAUSE.text("title", top.title(), "ms", Format.signedDuration(top.ms()),
                "baselineId", explained.baseline().ref().runId());
    }

    private static List<Double> values(List<RunCost> runs) {
        return runs.stream().map(r -> r.cost().doubleValue()).toList();
    }

    private static BigDecimal money(double amount) {
        return BigDecimal.valueOf(amount).setScale(2, RoundingMode.HALF_UP);
    }
}
