package io.sparkadvisor.bot.scan;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.serializer.JacksonSerializer;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.CustomTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.ScanLedger;
import io.sparkadvisor.bot.store.SchedulerJdbc;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.rules.advisor.Advisor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Analyses the latest completed run of each of a week's costliest jobs as db-scheduler executions: one task
 * instance per (week, job), scheduled by the first scan of the week to come and run, {@code parallelism} at a
 * time, by the scheduler of every replica scanning that week. db-scheduler lets one replica pick each, keeps its
 * heartbeat, and runs it again elsewhere when its replica died ({@link #DEAD_AFTER}). The execution keeps its
 * outcome in the {@link ScanLedger}, where every scan reads it; a job that fails is an outcome like any other,
 * and the jobs not done within the time budget are listed as not analysed in time.
 */
public final class FleetScan {
    private static final Logger LOG = LoggerFactory.getLogger(FleetScan.class);
    static final String TASK = "fleet-scan-job";
    /** A table of their own (V23), so that the digest's scheduler never meets an execution it cannot run. */
    public static final String TABLE = "fleet_scan_tasks";
    private static final Duration HEARTBEAT = Duration.ofSeconds(5);
    private static final int MISSED_HEARTBEATS = 12;
    /**
     * An execution without a heartbeat for this long belongs to a replica that died, and is run again by another;
     * spark-advisor's own choice: twelve missed heartbeats (a long pause, a database away) before a job may be analysed
     * twice, while a dead replica's jobs wait a minute, not the budget.
     */
    public static final Duration DEAD_AFTER = HEARTBEAT.multipliedBy(MISSED_HEARTBEATS);
    /** How often a scan whose remaining jobs run elsewhere looks whether they are done. */
    private static final Duration POLL = Duration.ofMillis(250);
    /** How often a scan's scheduler looks for due jobs besides when one is scheduled or finished: jobs revived or given back. */
    private static final Duration FETCH = Duration.ofSeconds(1);
    /** A job whose outcome the ledger did not keep (the database away) is tried again this soon. */
    private static final Duration RETRY = Duration.ofSeconds(5);
    /** How long a scan that ends lets its analyses under way finish before interrupting them (they are given back). */
    private static final Duration LET_FINISH = Duration.ofSeconds(1);

    /** What an execution carries, as JSON: which week's scan and which job. */
    record Job(String week, JobCost job) {
        LocalDate weekStart() {
            return LocalDate.parse(week);
        }
    }

    private final Database db;
    private final ScanLedger<JobScan> ledger;
    private final JobAnalyser analyser;
    private final ScanConfig config;
    private final Clock clock;
    private final BotMetrics metrics;
    private final Set<Watch> watching = ConcurrentHashMap.newKeySet();
    /** Set by {@link #stop}: no job is started or recorded after it; those under way are given back. */
    private volatile boolean stopping;

    public FleetScan(Database db, ScanLedger<JobScan> ledger, JobAnalyser analyser, ScanConfig config, Clock clock, BotMetrics metrics) {
        this.db = db;
        this.ledger = ledger;
        this.analyser = analyser;
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
    }

    /** The scan over {@code workspace}'s jobs, its executions and outcomes in {@code db}, its jobs counted in {@code metrics}; null when {@code config} leaves it off. */
    public static FleetScan of(Database db, Workspace workspace, Advisor advisor, ScanConfig config, Clock clock, BotMetrics metrics) {
        return config.enabled() ? new FleetScan(db, new ScanLedger<>(db, JobScan.class), new LatestRuns(workspace, advisor), config, clock, metrics)
                : null;
    }

    public ScanConfig config() {
        return config;
    }

    /** The outcome of every job in {@code costliest}, in that order; jobs done by an earlier scan of the week are not analysed again. */
    public List<JobScan> scan(LocalDate week, List<JobCost> costliest, ScanProgress progress) {
        long deadline = System.nanoTime() + config.budget().toNanos();
        Set<String> ids = costliest.stream().map(JobCost::jobId).collect(Collectors.toSet());
        Map<String, JobScan> kept = ledger.outcomes(week);
        kept.keySet().retainAll(ids); // jobs of a scan of more jobs than this one
        Watch watch = new Watch(week, ids, costliest.size(), kept.values(), progress);
        List<JobCost> left = costliest.stream().filter(job -> !kept.containsKey(job.jobId())).toList();
        if (!left.isEmpty() && !stopping) {
            watching.add(watch);
            Scheduler scheduler = start();
            try {
                Instant now = clock.instant();
                for (int i = 0; i < left.size(); i++) { // the costliest first: a scan out of time misses the cheapest
                    scheduler.scheduleIfNotExists(instance(week, left.get(i)), now.minusMillis(left.size() - i));
                }
                awaitDone(week, left, deadline);
            } finally {
                scheduler.stop();
                watching.remove(watch);
            }
            if (!stopping) {
                cancelNotStarted(scheduler, week, left);
            }
        }
        return outcomes(week, costliest);
    }

    /** Stops the scans under way (the bot is stopping): their jobs not done are given back to the next scan of the week, on any replica. */
    public void stop() {
        stopping = true;
    }

    /** A scheduler running this replica's share of the scan while it lasts, on the bot's clock (heartbeats and dead executions follow it). */
    private Scheduler start() {
        CustomTask<Job> task = Tasks.custom(TASK, Job.class).onFailure(new FailureHandler.OnFailureRetryLater<>(RETRY))
                .onDeadExecutionRevive().execute((instance, context) -> analyse(instance.getData(), context));
        SchedulerBuilder builder = new SchedulerBuilder(db.dataSource(), List.of(task)) {
            { // db-scheduler lets only a builder's subclass set its clock
                clock = FleetScan.this.clock::instant;
            }
        };
        Scheduler scheduler = builder.tableName(TABLE).serializer(new JacksonSerializer()).jdbcCustomization(SchedulerJdbc.of(db))
                .threads(config.parallelism()).pollingInterval(FETCH).enableImmediateExecution().heartbeatInterval(HEARTBEAT)
                .missedHeartbeatsLimit(MISSED_HEARTBEATS).shutdownMaxWait(LET_FINISH).build();
        scheduler.start();
        return scheduler;
    }

    /** An execution's body: analyses the job and keeps its outcome, or gives the job back when the scan is ending. */
    private CompletionHandler<Job> analyse(Job job, ExecutionContext context) {
        LocalDate week = job.weekStart();
        if (ending(context)) {
            return givenBack();
        }
        if (ledger.done(week).contains(job.job().jobId())) {
            return new CompletionHandler.OnCompleteRemove<>(); // revived after its replica kept the outcome
        }
        JobScan outcome;
        try {
            outcome = analyser.analyse(job.job());
        } catch (RuntimeException e) {
            LOG.warn("fleet scan: job {} failed", job.job().jobId(), e);
            outcome = JobScan.unreadable(job.job().jobId(), job.job().jobName(), 0, JobScan.Unreadable.Kind.FAILED, e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        if (ending(context)) {
            return givenBack(); // it may have failed for the interrupt
        }
        if (ledger.record(week, job.job().jobId(), outcome)) {
            count(outcome);
            JobScan done = outcome;
            watching.forEach(w -> w.finished(week, done));
        }
        return new CompletionHandler.OnCompleteRemove<>();
    }

    private boolean ending(ExecutionContext context) {
        return stopping || context.getSchedulerState().isShuttingDown() || Thread.currentThread().isInterrupted();
    }

    /** Due again at once, for whichever scan of the week runs next. */
    private CompletionHandler<Job> givenBack() {
        return (complete, operations) -> operations.reschedule(complete, clock.instant());
    }

    /** Until every job of {@code left} has its outcome, from this replica or another, or the scan is out of time or stopped. */
    private void awaitDone(LocalDate week, List<JobCost> left, long deadline) {
        while (System.nanoTime() < deadline && !stopping) {
            Set<String> done = ledger.done(week);
            if (left.stream().allMatch(job -> done.contains(job.jobId()))) {
                return;
            }
            try {
                Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Out of time: the week's jobs no replica started are cancelled, so that a later scan (of another week) does not spend
     * its budget on them; a scan of this week schedules them again.
     */
    private static void cancelNotStarted(Scheduler scheduler, LocalDate week, List<JobCost> left) {
        for (JobCost job : left) {
            TaskInstanceId id = TaskInstanceId.of(TASK, instanceId(week, job.jobId()));
            try {
                if (scheduler.getScheduledExecution(id).filter(e -> !e.isPicked()).isPresent()) {
                    scheduler.cancel(id);
                }
            } catch (RuntimeException e) { // done, or picked meanwhile: nothing to cancel
                LOG.debug("fleet scan: job {} not cancelled: {}", job.jobId(), e.getMessage());
            }
        }
    }

    private static TaskInstance<Job> instance(LocalDate week, JobCost job) {
        return new TaskInstance<>(TASK, instanceId(week, job.jobId()), new Job(week.toString(), job));
    }

    static String instanceId(LocalDate week, String jobId) {
        return week + "/" + jobId;
    }

    private List<JobScan> outcomes(LocalDate week, List<JobCost> costliest) {
        Map<String, JobScan> done = ledger.outcomes(week);
        List<JobScan> out = new ArrayList<>();
        for (JobCost job : costliest) {
            JobScan kept = done.get(job.jobId());
            if (kept != null) {
                out.add(kept);
            } else {
                JobScan late = JobScan.notInTime(job.jobId(), job.jobName());
                count(late);
                out.add(late);
            }
        }
        return out;
    }

    /** Counts a job this replica finished or a scan of it did not reach; jobs read from another's outcome are that one's. */
    private void count(JobScan outcome) {
        metrics.scanned(outcome.wasAnalysed() ? "analysed" : outcome.unreadable().kind().name().toLowerCase(Locale.ROOT));
    }

    /** One scan's view of its jobs finished on this replica: its progress moves as they finish. */
    private static final class Watch {
        private final LocalDate week;
        private final Set<String> ids;
        private final int total;
        private final ScanProgress progress;
        private int finished;
        private int unreadable;

        Watch(LocalDate week, Set<String> ids, int total, Collection<JobScan> kept, ScanProgress progress) {
            this.week = week;
            this.ids = ids;
            this.total = total;
            this.progress = progress;
            this.finished = kept.size();
            this.unreadable = (int) kept.stream().filter(s -> !s.wasAnalysed()).count();
            progress.moved(finished, total, unreadable);
        }

        synchronized void finished(LocalDate week, JobScan outcome) {
            if (week.equals(this.week) && ids.contains(outcome.jobId())) {
                finished++;
                unreadable += outcome.wasAnalysed() ? 0 : 1;
                progress.moved(finished, total, unreadable);
            }
        }
    }
}
