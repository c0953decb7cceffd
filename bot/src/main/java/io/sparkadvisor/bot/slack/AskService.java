package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.bot.ask.InFlight;
import io.sparkadvisor.bot.ask.AnalysedRun;
import io.sparkadvisor.bot.ask.RunAnalysis;
import io.sparkadvisor.bot.compare.RunComparisons;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ContinuousJob;
import io.sparkadvisor.bot.approvals.PostedAdvice;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.store.AnalysedFinding;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.work.LogContext;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Answers asks after Slack has been acked: on a bounded pool, one parent message per ask with a
 * thread under it (progress line, summary, one reply per finding, charts). Asks for a run that is
 * already being analysed share that analysis and get their own answer from it.
 */
final class AskService {
    private static final Logger LOG = LoggerFactory.getLogger(AskService.class);
    /**
     * Asks that arrive together wait in the pool's queue, and the first analysis may be done before
     * the last of them has resolved its run: its result is kept a little while for them.
     */
    private static final Duration SHARED_FOR = Duration.ofSeconds(30);

    private final RunAnalysis analysis;
    private final AskAdmission admission;
    private final ExecutorService pool;
    private final ApprovalDesk approvals;
    private final AnalysedFindings analysed;
    private final HotValueDesk hotValues;
    private final InFlight<Long, List<AnalysedRun>> inFlight = new InFlight<>(SHARED_FOR);
    private final Set<Answering> answering = ConcurrentHashMap.newKeySet();
    private final BotMetrics metrics;
    private final RunComparisons comparisons;

    AskService(RunAnalysis analysis, AskAdmission admission, ExecutorService pool, ApprovalDesk approvals, AnalysedFindings analysed,
            HotValueDesk hotValues, RunComparisons comparisons, BotMetrics metrics) {
        this.metrics = metrics;
        this.comparisons = comparisons;
        this.analysis = analysis;
        this.admission = admission;
        this.hotValues = hotValues;
        this.pool = pool;
        this.approvals = approvals;
        this.analysed = analysed;
    }

    /** Queues the ask; false when the pool's queue is full (or the bot is stopping) and the asker should try again later. */
    boolean submit(Ask ask, MethodsClient client) {
        try {
            pool.execute(new Queued(ask, client));
            metrics.asked(true);
            return true;
        } catch (RejectedExecutionException full) {
            metrics.asked(false);
            return false;
        }
    }

    /** An ask waiting for a thread of the pool: what {@link #stop} finds still queued. */
    private final class Queued implements Runnable {
        private final Ask ask;
        private final MethodsClient client;

        Queued(Ask ask, MethodsClient client) {
            this.ask = ask;
            this.client = client;
        }

        /** Its lines in the log carry the ask's own id (MDC "ask"), to follow one ask among many. */
        @Override
        public void run() {
            try (MDC.MDCCloseable id = MDC.putCloseable("ask", UUID.randomUUID().toString().substring(0, 8))) {
                answer(ask, client);
            }
        }
    }

    /** An ask whose thread is open and whose parent still says "Working on it": ended once, by its answer, its failure or {@link #stop}. */
    private record Answering(Ask ask, SlackThread thread, ProgressLine progress, long started, AtomicBoolean ended) {
        Answering(Ask ask, SlackThread thread, ProgressLine progress, long started) {
            this(ask, thread, progress, started, new AtomicBoolean());
        }

        /** True for the one caller that may give the parent its final words. */
        boolean end() {
            return ended.compareAndSet(false, true);
        }
    }

    /**
     * On shutdown (a deploy, SIGTERM): takes no new asks, lets those under way finish for
     * {@code grace}, then tells everyone still waiting, in the thread or to the asker, that the bot
     * was restarted and to ask again, so no parent is left saying "Working on it".
     */
    void stop(Duration grace) throws InterruptedException {
        pool.shutdown();
        if (pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            return;
        }
        for (Runnable never : pool.shutdownNow()) {
            if (never instanceof Queued queued) {
                queued.ask.tellAsker().accept(AskReply.INTERRUPTED.text("query", queued.ask.query()));
            }
        }
        for (Answering a : answering) {
            if (a.end()) {
                SlackMessage note = SlackMessages.notice(AskReply.INTERRUPTED.text("query", a.ask().query()));
                try {
                    a.progress().failed(note);
                    a.thread().editParent(SlackMessages.parent(a.ask().userId(), a.ask().query(), note.text()));
                } catch (SlackCallException e) {
                    LOG.warn("cannot mark the ask in {} as interrupted: {}", a.ask().channel(), e.getMessage());
                }
            }
        }
    }

    private void answer(Ask ask, MethodsClient client) {
        long started = System.nanoTime();
        try {
            Optional<AskAdmission.Admitted> admitted = admission.admit(ask, client);
            if (admitted.isEmpty()) {
                return; // refused, and the asker was told why
            }
            SlackThread thread = admitted.get().thread();
            Answering answer = new Answering(ask, thread, ProgressLine.start(thread, AskReply.RESOLVING.text("query", ask.query())), started);
            answering.add(answer);
            if (admitted.get().unresolved() != null) {
                fail(answer, admitted.get().unresolved());
            } else {
                analyse(answer, admitted.get().ref(), started);
            }
        } catch (SlackCallException e) {
            LOG.warn("cannot post in {}: {}", ask.channel(), e.getMessage());
            ask.tellAsker().accept(ErrorReply.CANNOT_POST.text("reason", e.getMessage()));
        } catch (RuntimeException e) {
            // our bug (say a message that cannot be rendered): the pool's thread lives on and the asker hears of it
            ask.tellAsker().accept(ErrorReplies.of(e).text());
        }
    }

    private void analyse(Answering answer, RunRef ref, long started) {
        try {
            InFlight.Share<List<AnalysedRun>> share = inFlight.once(ref.runId(), () -> analysis.analyse(ref, answer.progress()));
            if (!share.didTheWork()) {
                answer.progress().step(AskReply.SHARED_ANALYSIS.text("runId", ref.runId()));
            }
            share.result().whenCompleteAsync((runs, error) -> {
                if (error != null) {
                    fail(answer, unwrap(error));
                } else {
                    publish(answer, runs, started);
                }
            }, LogContext.carrying(orInline(pool))); // the answer's log lines keep this ask's id, on whichever thread ends it
        } catch (RuntimeException e) {
            fail(answer, e);
        }
    }

    private void publish(Answering answer, List<AnalysedRun> runs, long started) {
        if (!answer.end()) {
            return; // the bot is stopping and has told the thread so
        }
        Ask ask = answer.ask();
        SlackThread thread = answer.thread();
        ProgressLine progress = answer.progress();
        try {
            for (AnalysedRun run : runs) {
                SlackMessages.summary(run.subject(), run.advice()).forEach(thread::reply);
                List<PostedAdvice.Posted> posted = new ArrayList<>();
                boolean approvable = run.drift().isEmpty();
                for (Finding f : run.advice().findings()) {
                    // No job cluster to change (an all-purpose cluster, statements outside a job): no Approve that could only answer "unknown".
                    String id = approvable && run.target() != null ? run.postedId(f.rule(), thread.parentTs()) : null;
                    String hotValue = hotValues.offer(f, run.postedId(f.rule(), thread.parentTs()), run, thread.channel(), thread.parentTs(),
                            ask.userId());
                    List<String> ts = SlackMessages.finding(f, id, hotValue, ContinuousJob.is(run.jobSettingsJson())).stream()
                            .map(thread::reply).toList();
                    posted.add(new PostedAdvice.Posted(id, f, ts.get(0)));
                    run.chart(f.rule()).ifPresent(chart -> upload(thread, chart));
                }
                if (approvable) {
                    propose(new PostedAdvice(run.ref(), run.target(), thread.channel(), thread.parentTs(), ask.userId(), posted,
                            run.advice().application().durationMs(), run.jobSettingsJson()));
                } else if (!run.advice().findings().isEmpty()) {
                    thread.reply(SlackMessages.notice(AskReply.CLUSTER_CHANGED_SINCE.text("runId", run.ref().runId(),
                            "jobId", run.ref().jobId(), "differences", String.join("; ", run.drift()))));
                }
                recordFindings(run);
            }
            offerWhy(thread, runs.get(0));
            long bytes = runs.stream().mapToLong(AnalysedRun::logBytes).sum();
            progress.done(AskReply.DONE.text("seconds", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - started) / 1e9),
                    "logMb", bytes > 0 ? ProgressLine.mb(bytes) : ""));
            String headlines = runs.stream().map(r -> SlackMessages.headline(r.subject(), r.advice()))
                    .reduce((a, b) -> a + "\n" + b).orElseThrow();
            thread.editParent(SlackMessages.parent(ask.userId(), ask.query(), AskReply.ANSWERED.text("headlines", headlines)));
            metrics.answered("answered", System.nanoTime() - started);
        } catch (RuntimeException e) {
            failed(answer, e);
        } finally {
            answering.remove(answer);
        }
    }

    /** The answer stands without its approvals: its buttons then say the recommendation is unknown. */
    private void propose(PostedAdvice advice) {
        try {
            approvals.proposed(advice);
        } catch (RuntimeException e) {
            LOG.warn("recommendations of run {} not recorded", advice.ref().runId(), e);
        }
    }

    /**
     * Under an answer about a run that took longer than its job's usual runs: the command that says why. The answer
     * stands without it (the history unreadable, say).
     */
    private void offerWhy(SlackThread thread, AnalysedRun run) {
        try {
            if (comparisons.slowerThanUsual(run.ref())) {
                thread.reply(SlackMessages.notice(AskReply.WHY_OFFER.text("command", SlackBot.COMMAND, "runId", run.ref().runId())));
            }
        } catch (RuntimeException e) {
            LOG.warn("no usual run time for run {}: {}", run.ref().runId(), e.getMessage());
        }
    }

    /** For the weekly digest's waste section; the answer stands without it. */
    private void recordFindings(AnalysedRun run) {
        Instant now = Instant.now();
        try {
            analysed.record(run.advice().findings().stream().map(f -> new AnalysedFinding(run.recommendationId(f.rule()), run.ref().runId(),
                    run.ref().jobId(), run.subject(), f.rule(), f.title(), f.savings(), now)).toList());
        } catch (RuntimeException e) {
            LOG.warn("findings of run {} not recorded", run.ref().runId(), e);
        }
    }

    /** A chart is a courtesy: without it (say the app lacks files:write) the answer still stands. */
    static void upload(SlackThread thread, Chart chart) {
        try {
            thread.upload(chart);
        } catch (SlackCallException e) {
            LOG.warn("chart {} not uploaded: {}", chart.fileName(), e.getMessage());
        }
    }

    private void fail(Answering answer, Throwable error) {
        if (answer.end()) {
            failed(answer, error);
            answering.remove(answer);
        }
    }

    private void failed(Answering answer, Throwable error) {
        metrics.answered("failed", System.nanoTime() - answer.started());
        ErrorReplies.showIn(answer.thread(), answer.progress(), answer.ask(), error);
    }

    /** Answers for shared analyses go back on the pool, or on the finishing thread when the pool is full: never dropped. */
    private static Executor orInline(ExecutorService pool) {
        return task -> {
            try {
                pool.execute(task);
            } catch (RejectedExecutionException full) {
                task.run();
            }
        };
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
