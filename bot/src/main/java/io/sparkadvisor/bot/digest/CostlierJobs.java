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
    private static final Logger LOG = LoggerFactory.getLogger(CostlierJobs.class);
    /** The weeks whose runs make a job's usual cost per run: a month, long enough for a weekly job's three runs. */
    static final int WEEKS_BEFORE = 4;

    private final RunComparisons comparisons;

    CostlierJobs(RunComparisons comparisons) {
        this.comparisons = comparisons;
    }

    List<DigestReport.Costlier> of(JobCosts costs, List<JobCost> jobs, LocalDate weekStart) {
        if (jobs.isEmpty()) {
            return List.of();
        }
        Instant start = weekStart.atStartOfDay(ZoneOffset.UTC).toInstant();
        Map<String, List<RunCost>> byJob = costs.perRun(jobs.stream().map(JobCost::jobId).toList(), weekStart.minusWeeks(WEEKS_BEFORE),
                weekStart.plusDays(7)).stream().collect(Collectors.groupingBy(RunCost::jobId));
        List<DigestReport.Costlier> out = new ArrayList<>();
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
                out.add(new DigestReport.Costlier(job.jobId(), job.jobName(), money(comparisons.usual(values(before)).median()), money(perRun),
                        now.size(), Long.parseLong(latest.runId()), cause(latest, job.jobId())));
            }
        }
        out.sort(Comparator.comparing(DigestReport.Costlier::rise).reversed());
        return out;
    }

    /** The latest run's top cause in one line; what kept it from one when there is none. */
    private String cause(RunCost run, String jobId) {
        try {
            Why why = comparisons.explain(new RunRef(Long.parseLong(run.runId()), Long.parseLong(jobId), null), Optional.empty(), Progress.NONE);
            if (!(why instanceof Why.Explained explained)) {
                return DigestReply.COSTLIER_NO_HISTORY.text();
            }
            if (explained.comparison().withinNoise() || explained.comparison().causes().isEmpty()) {
                return DigestReply.COSTLIER_USUAL_TIME.text("baselineId", explained.baseline().ref().runId());
            }
            Cause top = explained.comparison().causes().get(0);
            return DigestReply.COSTLIER_CAUSE.text("title", top.title(), "ms", Format.signedDuration(top.ms()),
                    "baselineId", explained.baseline().ref().runId());
        } catch (WorkspaceException | EventLogException e) {
            LOG.info("no comparison for run {} of job {}: {}", run.runId(), jobId, e.getMessage());
            return DigestReply.COSTLIER_NOT_COMPARED.text("reason", e.getMessage());
        }
    }

    private static List<Double> values(List<RunCost> runs) {
        return runs.stream().map(r -> r.cost().doubleValue()).toList();
    }

    private static BigDecimal money(double amount) {
        return BigDecimal.valueOf(amount).setScale(2, RoundingMode.HALF_UP);
    }
}
