package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.JobCosts;
import io.sparkadvisor.databricks.billing.RunCost;
import io.sparkadvisor.databricks.billing.RunUsage;
import io.sparkadvisor.databricks.billing.WeeklyCosts;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Jobs spend estimated from the runs themselves, where the billing tables cannot be read: each
 * run's hours times the nodes of its job clusters (workers plus the driver) times the DBU rate of
 * their node types, times the price per DBU. Days are UTC, as in the billing tables. One instance
 * serves one digest.
 */
public final class EstimatedCosts implements JobCosts {
    private static final double MS_PER_HOUR = 3_600_000.0;
    /** The configured price per DBU is in US dollars, as list prices are. */
    private static final String CURRENCY = "USD";

    private final Workspace workspace;
    private final DigestConfig config;
    /** The widest window listed so far: a digest asks for two weeks, then for days inside them, which need no second listing. */
    private Window listed;

    private record Window(Instant from, Instant to, List<RunUsage> runs) {
        boolean covers(Instant start, Instant end) {
            return !start.isBefore(from) && !end.isAfter(to);
        }
    }

    public EstimatedCosts(Workspace workspace, DigestConfig config) {
        this.workspace = workspace;
        this.config = config;
    }

    @Override
    public WeeklyCosts weekly(LocalDate weekStart, int top) {
        List<RunUsage> runs = runs(weekStart.minusDays(7), weekStart.plusDays(7));
        Predicate<RunUsage> thisWeek = r -> !day(r).isBefore(weekStart);
        Map<Long, List<RunUsage>> byJob = runs.stream().collect(Collectors.groupingBy(RunUsage::jobId));
        List<JobCost> jobs = byJob.values().stream().map(jobRuns -> {
            List<RunUsage> now = jobRuns.stream().filter(thisWeek).toList();
            List<RunUsage> before = jobRuns.stream().filter(thisWeek.negate()).toList();
            String name = jobRuns.stream().filter(r -> r.jobName() != null).max(Comparator.comparingLong(RunUsage::startMs))
                    .map(RunUsage::jobName).orElse(null); // the newest run names the job as it is called now
            return new JobCost(Long.toString(jobRuns.get(0).jobId()), name, now.size(), dbus(now), cost(now), before.size(), cost(before));
        }).toList();
        List<JobCost> kept = Stream.concat(jobs.stream().sorted(Comparator.comparing(JobCost::cost).reversed()).limit(top),
                jobs.stream().sorted(Comparator.comparing(JobCost::change).reversed()).limit(top)).distinct()
                .sorted(Comparator.comparing(JobCost::cost).reversed().thenComparing(JobCost::jobId)).toList();
        return new WeeklyCosts(CURRENCY, jobs.stream().map(JobCost::cost).reduce(BigDecimal.ZERO, BigDecimal::add),
                jobs.stream().map(JobCost::previousCost).reduce(BigDecimal.ZERO, BigDecimal::add), kept);
    }

    @Override
    public List<DailyCost> daily(List<String> jobIds, LocalDate from, LocalDate to) {
        Map<String, Map<LocalDate, BigDecimal>> byJobAndDay = new TreeMap<>();
        runsOf(jobIds, from, to).forEach(r -> byJobAndDay.computeIfAbsent(Long.toString(r.jobId()), j -> new TreeMap<>())
                .merge(day(r), cost(List.of(r)), BigDecimal::add));
        return byJobAndDay.entrySet().stream().flatMap(job -> job.getValue().entrySet().stream()
                .map(d -> new DailyCost(job.getKey(), d.getKey(), d.getValue())))
                .sorted(Comparator.comparing(DailyCost::day).thenComparing(DailyCost::jobId)).toList();
    }

    @Override
    public List<RunCost> perRun(List<String> jobIds, LocalDate from, LocalDate to) {
        return runsOf(jobIds, from, to).map(r -> new RunCost(Long.toString(r.jobId()), Long.toString(r.runId()),
                Instant.ofEpochMilli(r.startMs()), cost(List.of(r)))).toList();
    }

    private Stream<RunUsage> runsOf(List<String> jobIds, LocalDate from, LocalDate to) {
        return runs(from, to).stream().filter(r -> jobIds.contains(Long.toString(r.jobId())))
                .sorted(Comparator.comparingLong(RunUsage::startMs));
    }

    private List<RunUsage> runs(LocalDate from, LocalDate to) {
        Instant start = from.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant end = to.atStartOfDay(ZoneOffset.UTC).toInstant();
        if (listed == null || !listed.covers(start, end)) {
            listed = new Window(start, end, workspace.completedRuns(start, end));
        }
        return listed.runs().stream().filter(r -> r.startMs() >= start.toEpochMilli() && r.startMs() < end.toEpochMilli()).toList();
    }

    private BigDecimal dbus(List<RunUsage> runs) {
        double dbus = runs.stream().mapToDouble(r -> hours(r) * r.clusters().stream()
                .mapToDouble(c -> c.workers() * config.dbuRate(c.nodeTypeId()) + config.dbuRate(c.driverNodeTypeId())).sum()).sum();
        return BigDecimal.valueOf(dbus).setScale(3, RoundingMode.HALF_UP);
    }

    private BigDecimal cost(List<RunUsage> runs) {
        return dbus(runs).multiply(config.dbuPrice()).setScale(2, RoundingMode.HALF_UP);
    }

    private static double hours(RunUsage run) {
        return Math.max(0, run.endMs() - run.startMs()) / MS_PER_HOUR;
    }

    private static LocalDate day(RunUsage run) {
        return Instant.ofEpochMilli(run.startMs()).atZone(ZoneOffset.UTC).toLocalDate();
    }
}
