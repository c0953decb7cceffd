package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.store.ScanLedger;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.templates.replies.ScanReply;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Analyses the latest completed run of each of a week's costliest jobs: {@code parallelism} at a
 * time, within the time budget, each job claimed in the {@link ScanLedger} so that of several
 * replicas (or a scan and a restarted one) one analyses it and all read its outcome. A job that
 * fails is an outcome like any other; jobs not reached in time are listed as such.
 */
public final class FleetScan {
    private static final Logger LOG = LoggerFactory.getLogger(FleetScan.class);
    /** How often a scan whose remaining jobs another replica holds looks whether they are done. */
    private static final Duration POLL = Duration.ofMillis(250);
    /**
     * A claim not renewed for this long was left by a replica that died, and is taken over; spark-advisor's own
     * choice: a scan renews its claims every quarter of it, so a live replica misses four renewals (a long pause, a
     * database away) before another analyses its job too, while a dead one's jobs wait a minute, not the budget.
     */
    public static final Duration CLAIM_LEASE = Duration.ofMinutes(1);
    private static final Duration RENEW = CLAIM_LEASE.dividedBy(4);
    /**
     * How often a scan waiting on jobs other replicas hold tries their claims again, so that a dead replica's are
     * taken over once stale; spark-advisor's own choice: a few seconds late on a one-minute lease, a write per job.
     */
    private static final Duration RECLAIM = Duration.ofSeconds(5);

    private final ScanLedger<JobScan> ledger;
    private final JobAnalyser analyser;
    private final ScanConfig config;
    private final Clock clock;
    private final BotMetrics metrics;
    private final String holder = UUID.randomUUID().toString();
    private final Set<ExecutorService> running = ConcurrentHashMap.newKeySet();
    /** Set by {@link #stop}: an analysis that ends after it is given back, not recorded (it may have failed for the stop). */
    private volatile boolean stopping;

    public FleetScan(ScanLedger<JobScan> ledger, JobAnalyser analyser, ScanConfig config, Clock clock, BotMetrics metrics) {
        this.ledger = ledger;
        this.analyser = analyser;
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
    }

    public ScanConfig config() {
        return config;
    }

    /** The outcome of every job in {@code costliest}, in that order; jobs done by an earlier scan of the week are not analysed again. */
    public List<JobScan> scan(LocalDate week, List<JobCost> costliest, ScanProgress progress) {
        long deadline = System.nanoTime() + config.budget().toNanos();
        Set<String> ids = costliest.stream().map(JobCost::jobId).collect(Collectors.toSet());
        Map<String, JobScan> done = ledger.outcomes(week);
        done.keySet().retainAll(ids); // jobs of a scan of more jobs than this one
        AtomicInteger finished = new AtomicInteger(done.size());
        AtomicInteger unreadable = new AtomicInteger((int) done.values().stream().filter(s -> !s.wasAnalysed()).count());
        progress.moved(finished.get(), costliest.size(), unreadable.get());
        ExecutorService pool = Executors.newFixedThreadPool(config.parallelism(), r -> {
            Thread t = new Thread(r, "fleet-scan");
            t.setDaemon(true); // a stopping bot is not held by a scan: its claims are given back or go stale
            return t;
        });
        running.add(pool);
        ScheduledExecutorService renewal = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fleet-scan-renewal");
            t.setDaemon(true);
            return t;
        });
        renewal.scheduleWithFixedDelay(() -> renew(week), RENEW.toMillis(), RENEW.toMillis(), TimeUnit.MILLISECONDS);
        try {
            List<JobCost> left = costliest.stream().filter(job -> !done.containsKey(job.jobId())).toList();
            while (!left.isEmpty() && System.nanoTime() < deadline && !stopping && !Thread.currentThread().isInterrupted()) {
                List<Future<?>> round = left.stream().<Future<?>>map(job -> pool.submit(() -> {
                    JobScan outcome = System.nanoTime() < deadline ? scanOne(week, job) : null;
                    if (outcome != null) {
                        int cannot = outcome.wasAnalysed() ? unreadable.get() : unreadable.incrementAndGet();
                        progress.moved(finished.incrementAndGet(), costliest.size(), cannot);
                    }
                })).toList();
                awaitUntil(round, deadline);
                left = awaitOthers(week, left, deadline);
            }
        } catch (RejectedExecutionException stopped) {
            // stop() shut the pool between two rounds: the jobs not done are listed as such
        } finally {
            renewal.shutdownNow();
            pool.shutdownNow();
            running.remove(pool);
        }
        return outcomes(week, costliest);
    }

    /** Stops scans under way (the bot is stopping): their jobs not done are given back for the next scan. */
    public void stop() {
        stopping = true;
        running.forEach(pool -> pool.shutdownNow().forEach(notStarted -> ((Future<?>) notStarted).cancel(false)));
    }

    private void renew(LocalDate week) {
        try {
            ledger.renew(week, holder, clock.instant());
        } catch (RuntimeException e) { // the next renewal tries again; a scheduled task that throws is never run again
            LOG.warn("fleet scan: claims not renewed", e);
        }
    }

    /** Analyses the job if this replica wins its claim; null when it did not (or stopped). */
    private JobScan scanOne(LocalDate week, JobCost job) {
        if (!ledger.claim(week, job.jobId(), holder, clock.instant(), CLAIM_LEASE)) {
            return null;
        }
        JobScan outcome;
        try {
            outcome = analyser.analyse(job);
        } catch (RuntimeException e) {
            LOG.warn("fleet scan: job {} failed", job.jobId(), e);
            outcome = JobScan.unreadable(job.jobId(), job.jobName(), 0, JobScan.Unreadable.Kind.FAILED, e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        if (stopping) {
            ledger.release(week, job.jobId(), holder);
            return null;
        }
        ledger.done(week, job.jobId(), holder, outcome);
        count(outcome);
        return outcome;
    }

    /** Waits for this round's jobs until the deadline. */
    private static void awaitUntil(List<Future<?>> round, long deadline) {
        for (Future<?> job : round) {
            try {
                job.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) { // the ledger out of reach: the job is tried again next round
                LOG.warn("fleet scan: a job's claim or outcome not kept", e.getCause());
            } catch (CancellationException | TimeoutException e) {
                return; // out of time or stopped: the jobs not done are listed as such
            }
        }
    }

    /**
     * The jobs of {@code left} still not done once those other replicas hold are done or {@link #RECLAIM} has passed:
     * a claim of a replica that died goes stale meanwhile, and this scan takes it over in its next round.
     */
    private List<JobCost> awaitOthers(LocalDate week, List<JobCost> left, long deadline) {
        long reclaim = Math.min(deadline, System.nanoTime() + RECLAIM.toNanos());
        while (true) {
            Set<String> done = ledger.done(week);
            List<JobCost> notDone = left.stream().filter(job -> !done.contains(job.jobId())).toList();
            if (notDone.isEmpty() || System.nanoTime() >= reclaim || stopping || Thread.currentThread().isInterrupted()) {
                return notDone;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private List<JobScan> outcomes(LocalDate week, List<JobCost> costliest) {
        Map<String, JobScan> done = ledger.outcomes(week);
        List<JobScan> out = new ArrayList<>();
        for (JobCost job : costliest) {
            JobScan kept = done.get(job.jobId());
            if (kept != null) {
                out.add(kept);
            } else {
                JobScan late = JobScan.unreadable(job.jobId(), job.jobName(), 0, JobScan.Unreadable.Kind.NOT_IN_TIME,
                        ScanReply.OUT_OF_TIME.text("minutes", config.budgetMinutes()));
                count(late);
                out.add(late);
            }
        }
        return out;
    }

    /** Counts a job this scan finished or did not reach; jobs read from another's outcome are that one's. */
    private void count(JobScan outcome) {
        metrics.scanned(outcome.wasAnalysed() ? "analysed" : outcome.unreadable().kind().name().toLowerCase(Locale.ROOT));
    }
}
