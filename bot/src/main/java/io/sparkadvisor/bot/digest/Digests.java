package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.scan.OnDemandScans;
import io.sparkadvisor.bot.scan.Opportunity;
import io.sparkadvisor.bot.scan.ScanProgress;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.StepSummary;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.billing.BillingUnavailableException;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.JobCosts;
import io.sparkadvisor.databricks.billing.RunCost;
import io.sparkadvisor.databricks.billing.SystemTableCosts;
import io.sparkadvisor.databricks.billing.WeeklyCosts;
import io.sparkadvisor.templates.digest.DigestReport;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what a week's digest needs: costs from the billing tables (or, when they cannot be read,
 * estimated from the runs, with the reason shown), the findings of runs analysed that week, the
 * steps awaiting approval and the verified changes with their runs' costs.
 */
public final class Digests implements OnDemandScans.Digests {
    private static final Logger LOG = LoggerFactory.getLogger(Digests.class);
    /** Changes verified longer ago than this no longer appear under realised savings. */
    private static final Duration REALISED_FOR = Duration.ofDays(8 * 7);
    /** Steps proposed longer ago than this are left out of "awaiting approval": the job has likely changed since; ask again. */
    private static final Duration PENDING_FOR = Duration.ofDays(4 * 7);
    static final String UNKNOWN_WORKSPACE = "The billing tables hold every workspace of the account, and this workspace's id could not be"
            + " learned (DATABRICKS_WORKSPACE_ID is unset and the workspace's answers do not carry it), so they were not read: set"
            + " DATABRICKS_WORKSPACE_ID, or digest.billingScope: account in the config file to report every workspace of the account.";

    private final Workspace workspace;
    private final DigestConfig config;
    private final AnalysedFindings findings;
    private final Changes changes;
    /** Null when the fleet scan is off. */
    private final FleetScan scan;
    /** Null when the digest does not compare runs. */
    private final CostlierJobs costlier;

    public Digests(Workspace workspace, DigestConfig config, AnalysedFindings findings, Changes changes) {
        this(workspace, config, findings, changes, null);
    }

    /** With {@code scan}, the digest lists the week's top fixes, from the scan of its costliest jobs (run, resumed or read). */
    public Digests(Workspace workspace, DigestConfig config, AnalysedFindings findings, Changes changes, FleetScan scan) {
        this(workspace, config, findings, changes, scan, null);
    }

    private Digests(Workspace workspace, DigestConfig config, AnalysedFindings findings, Changes changes, FleetScan scan,
            CostlierJobs costlier) {
        this.workspace = workspace;
        this.config = config;
        this.findings = findings;
        this.changes = changes;
        this.scan = scan;
        this.costlier = costlier;
    }

    /** The same digest with "Got slower or costlier this week": the listed jobs whose cost per run rose, each with its top cause. */
    public Digests comparing(RunComparisons comparisons) {
        return new Digests(workspace, config, findings, changes, scan, new CostlierJobs(comparisons));
    }

    @Override
    public Optional<ScanConfig> scanConfig() {
        return Optional.ofNullable(scan).map(FleetScan::config);
    }

    @Override
    public LocalDate weekFor(Instant now) {
        return DigestSchedule.parse(config.schedule()).weekStartFor(now);
    }

    @Override
    public OnDemandScans.Scanned scan(LocalDate week, ScanProgress progress) {
        PreparedDigest digest = prepare(week, progress);
        return new OnDemandScans.Scanned(digest.scans(), digest.fixes().size(), digest.report());
    }

    public PreparedDigest prepare(LocalDate weekStart) {
        return prepare(weekStart, ScanProgress.NONE);
    }

    public PreparedDigest prepare(LocalDate weekStart, ScanProgress progress) {
        JobCosts costs;
        String estimateReason = null;
        WeeklyCosts weekly;
        try {
            costs = billing();
            weekly = costs.weekly(weekStart, listed());
        } catch (WorkspaceException e) {
            LOG.info("billing tables unavailable, estimating the digest's costs: {}", e.getMessage());
            costs = new EstimatedCosts(workspace, config);
            estimateReason = e.getMessage();
            weekly = costs.weekly(weekStart, listed());
        }
        Instant from = weekStart.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant to = weekStart.plusDays(7).atStartOfDay(ZoneOffset.UTC).toInstant();
        List<StepSummary> verified = changes.verifiedSince(from.minus(REALISED_FOR)).stream()
                .filter(v -> v.at().isBefore(to)).toList();
        JobCosts read = costs;
        List<RunCost> runCosts = extra("the cost per run of changed jobs", () -> runCosts(read, verified, weekStart));
        WeeklyCosts listedJobs = weekly;
        List<CostlierJobs.Found> costlierJobs = costlier == null ? List.of()
                : extra("the jobs that got costlier", () -> costlier.of(read, listedJobs.jobs(), weekStart));
        DigestReport report = DigestBuilder.build(weekStart, config.topJobs(), weekly, estimateReason, findings.largest(from, to,
                config.topJobs()), recentPending(to), verified, runCosts).withCostlier(costlierJobs.stream().map(CostlierJobs.Found::line).toList());
        List<String> top = report.topJobs().stream().map(DigestReport.JobLine::jobId).toList();
        List<DailyCost> daily = extra("the daily cost chart", () -> read.daily(top, weekStart, weekStart.plusDays(7)));
        PreparedDigest digest = new PreparedDigest(report, daily, costlierJobs.stream().filter(f -> f.comparison().isPresent())
                .collect(Collectors.toMap(f -> f.line().jobId(), f -> f.comparison().get())));
        return scan == null ? digest : scanned(digest, weekStart, weekly, progress);
    }

    /**
     * The billing tables, kept to this workspace; the whole account's only with
     * {@code digest.billingScope: account}. A live warehouse with this workspace's id unknown would
     * read every workspace's usage, so it is not asked (recorded answers and a missing warehouse
     * have no account to spill).
     */
    private JobCosts billing() {
        if (config.billingScope().equals(DigestConfig.ACCOUNT)) {
            return new SystemTableCosts(workspace::query, null);
        }
        Optional<String> id = workspace.id();
        if (id.isEmpty() && workspace.warehouse().isPresent()) {
            throw new BillingUnavailableException(UNKNOWN_WORKSPACE, null);
        }
        return new SystemTableCosts(workspace::query, id.orElse(null));
    }

    /** Jobs the billing query lists: the digest's top jobs, or the scan's costliest when it wants more. */
    private int listed() {
        return scan == null ? config.topJobs() : Math.max(config.topJobs(), scan.config().jobs());
    }

    private PreparedDigest scanned(PreparedDigest digest, LocalDate weekStart, WeeklyCosts weekly, ScanProgress progress) {
        List<JobCost> costliest = weekly.jobs().stream().sorted(Comparator.comparing(JobCost::cost).reversed().thenComparing(JobCost::jobId))
                .limit(scan.config().jobs()).toList();
        List<JobScan> scans = scan.scan(weekStart, costliest, progress);
        List<Opportunity> ranked = Opportunity.rank(scans, costliest);
        return new PreparedDigest(digest.report(), digest.dailyCosts(), scans, ranked, List.of(), digest.comparisons())
                .keeping(ranked.stream().limit(scan.config().topFixes()).toList(), 0);
    }

    private List<StepSummary> recentPending(Instant weekEnd) {
        Instant since = weekEnd.minus(PENDING_FOR);
        return changes.pending().stream().filter(p -> p.at().isAfter(since)).toList(); // what waits now, however recent
    }

    private static List<RunCost> runCosts(JobCosts costs, List<StepSummary> verified, LocalDate weekStart) {
        if (verified.isEmpty()) {
            return List.of();
        }
        Instant oldest = verified.stream().map(StepSummary::at).min(Comparator.naturalOrder()).orElseThrow();
        LocalDate from = oldest.minus(DigestBuilder.BEFORE_A_CHANGE).atZone(ZoneOffset.UTC).toLocalDate();
        return costs.perRun(verified.stream().map(v -> Long.toString(v.jobId())).distinct().toList(), from, weekStart.plusDays(7));
    }

    /**
     * Figures the week's totals do without: when their query fails after the weekly one worked (a
     * timeout, a busy warehouse), the digest goes out without them rather than not at all.
     */
    private static <T> List<T> extra(String what, Supplier<List<T>> read) {
        try {
            return read.get();
        } catch (WorkspaceException e) {
            LOG.warn("digest without {}: {}", what, e.getMessage());
            return List.of();
        }
    }
}
