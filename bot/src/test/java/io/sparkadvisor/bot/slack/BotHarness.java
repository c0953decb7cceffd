package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.App;
import com.slack.api.bolt.socket_mode.SocketModeApp;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.access.ChannelGroups;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.approvals.DigestAdmins;
import io.sparkadvisor.bot.approvals.InterruptedApprovals;
import io.sparkadvisor.bot.approvals.JobHistory;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.digest.DigestScheduler;
import io.sparkadvisor.bot.digest.DigestSchedulers;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.followup.AfterVerdict;
import io.sparkadvisor.bot.followup.FollowUpWatcher;
import io.sparkadvisor.bot.followup.HealthRuleOffering;
import io.sparkadvisor.bot.followup.HealthRuleWaiter;
import io.sparkadvisor.bot.hotvalue.HotValueClicks;
import io.sparkadvisor.bot.hotvalue.HotValueLookup;
import io.sparkadvisor.bot.hotvalue.HotValueRecheck;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.HotValues;
import io.sparkadvisor.bot.store.KeyedHash;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.ScanRequests;
import io.sparkadvisor.bot.store.SlackEvents;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.fetch.FactsCache;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.function.BooleanSupplier;

/**
 * The whole bot, for real: Bolt's Jetty server on a free port with request verification on (or,
 * {@link #overSocketMode()}, Bolt's Socket Mode client connected to a local websocket), the
 * fake Slack Web API, and the Databricks emulator serving the sample workspace plus job 42
 * ("skewed-join"), whose runs 4201 to 4220 ran on one cluster that delivered the corpus's
 * skewed-join event log to DBFS, and job 43 ("io-bound-scan", run 4301) with the io-bound log. The
 * bot shares a finished analysis for a while, so each test asks about a run of its own; 4220 is
 * job 42's latest. Approvals are kept in {@code db}; the bot's time is {@code clock}; the facts of
 * runs it read in {@code factsCache}, which a {@link #restart()} keeps.
 */
final class BotHarness implements AutoCloseable {
    static final String SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
    static final String CHANNEL = "C0DATA";
    static final String USER = "U0ANA";
    static final String BOT_TOKEN = "xoxb-test-token";
    static final String APP_TOKEN = "xapp-1-A111-1-test-app-token";

    static final String WAREHOUSE = "wh-1";
    /** Job 42's runs, one an hour on one cluster: {@link #SKEW_LAST_RUN} is its latest. */
    static final long SKEW_FIRST_RUN = 4201;
    static final long SKEW_LAST_RUN = 4220;
    /** The jobs of the emulator's sample workspace, shared like the harness's own. */
    private static final List<Long> SAMPLE_JOBS = List.of(7L, 8L, 9L, 10L);
    /** When the first run {@link #addJob} declares started (3 December 2025); the next one an hour later, and so on. */
    static final long FIRST_RUN_START = 1764720000000L;
    /** Where the digest scheduler's clock starts: Wednesday 25 November 2026, noon UTC. */
    static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    final FakeSlackApi slack = new FakeSlackApi();
    /** What the bot counted (asks, clicks, applies by outcome), as /metrics would show it. */
    final BotMetrics metrics = BotMetrics.none();
    /** Runs due digests only when a test says so, at the time the test sets. */
    final ManualScheduler digestScheduler;
    final WorkspaceEmulator workspace;
    final Path factsCache;
    /** Signed HTTP requests to the bot; null over Socket Mode. */
    final SignedRequests requests;
    /** Slack's end of the Socket Mode websocket; null over HTTP. */
    final FakeSocketMode socket;
    final Database db;
    final Clock clock;
    /** Not scheduled: a test calls {@code poll()} when the next run is there. */
    final FollowUpWatcher followUp;
    /** Not scheduled either: verified steps waiting for the runs of a duration health rule, looked at when a test polls. */
    final HealthRuleWaiter healthRuleWaits;
    /** What serve runs on its own schedule, triggered here by the tests that stop a bot mid-approval. */
    final InterruptedApprovals interrupted;
    /** The Bolt app's handlers and their pools. */
    final SlackBot bot;
    private final AutoCloseable serving;
    private final Map<String, String> approvalEnv;
    /** Null when the fleet scan is off. */
    private final ScanConfig scan;

    /** Nobody may approve; approvals in a fresh H2 file. */
    BotHarness() {
        this(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of(), Clock.systemUTC());
    }

    /** {@code approvalEnv}: the SPARK_ADVISOR_APPROVER* and SPARK_ADVISOR_DIGEST_ADMIN_GROUP settings (and SPARK_ADVISOR_HOT_VALUE_SECONDS). */
    BotHarness(Database db, Map<String, String> approvalEnv, Clock clock) {
        this(db, approvalEnv, clock, null, WorkspaceEmulator.startWithSample(), newFolder(), null);
    }

    /** With the weekly fleet scan on: digests list the top fixes of {@code scan.jobs()} costliest jobs, each with a thread. */
    static BotHarness scanning(Database db, Map<String, String> approvalEnv, ScanConfig scan) {
        return scanning(db, approvalEnv, scan, Clock.systemUTC());
    }

    /** As {@link #scanning(Database, Map, ScanConfig)}, the bot's time being {@code clock}. */
    static BotHarness scanning(Database db, Map<String, String> approvalEnv, ScanConfig scan, Clock clock) {
        return new BotHarness(db, approvalEnv, clock, null, WorkspaceEmulator.startWithSample(), newFolder(), scan);
    }

    /** Nobody may approve; Slack reaches the bot over Socket Mode, as behind a firewall: no port, no signing secret. */
    static BotHarness overSocketMode() {
        return new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of(), Clock.systemUTC(), new FakeSocketMode(),
                WorkspaceEmulator.startWithSample(), newFolder(), null);
    }

    private BotHarness(Database db, Map<String, String> approvalEnv, Clock clock, FakeSocketMode socket, WorkspaceEmulator workspace,
            Path factsCache, ScanConfig scan) {
        this.db = db;
        this.scan = scan;
        this.approvalEnv = approvalEnv;
        this.socket = socket;
        this.clock = clock;
        this.workspace = workspace;
        this.factsCache = factsCache;
        SAMPLE_JOBS.forEach(job -> TestPeople.shareJob(workspace, job));
        addJob(workspace, 42, "skewed-join", "1203-skew", "skew.log.gz", SKEW_FIRST_RUN, SKEW_LAST_RUN);
        addJob(workspace, 43, "io-bound-scan", "1203-io", "io-bound.log.gz", 4301, 4301);
        addJob(workspace, 44, "resized-join", "1203-resized", "skew.log.gz", 4401, 4410);
        // node_timeline fills days after a run: the emulator's runs have no machine rows unless a test gives them.
        workspace.onStatement("system.compute.node_timeline", StatementScript.nodeTimeline(List.of()));
        int port = freePort();
        SlackSettings settings = socket != null ? socketModeSettings(slack) : SlackSettings.fromEnvironment(Map.of(
                "SLACK_BOT_TOKEN", BOT_TOKEN, "SLACK_SIGNING_SECRET", SECRET, "PORT", Integer.toString(port), "SLACK_API_URL", slack.baseUrl()));
        Workspace connected = Workspaces.connect(workspace.client(), WAREHOUSE, FactsCache.in(factsCache, 64L << 20));
        Changes changes = new Changes(db);
        JobLocks locks = new JobLocks(db, clock);
        ApprovalPolicy policy = ApprovalPolicy.fromEnvironment(approvalEnv, clock);
        AccessService access = new AccessService(connected.access(), new ChannelGroups(Map.of(CHANNEL, TestPeople.TEAM)), clock);
        ApprovalDesk approvals = new ApprovalDesk(new Recommendations(db), changes, locks, connected, policy, access, clock);
        AnalysedFindings analysed = new AnalysedFindings(db);
        Advisor advisor = new Advisor(Thresholds.defaults());
        FleetScan fleet = FleetScan.of(db, connected, advisor, scan == null ? ScanConfig.DEFAULTS : scan, clock, BotMetrics.none());
        Digests digests = new Digests(connected, DigestConfig.DEFAULTS, analysed, changes, fleet).comparing(
                new RunComparisons(connected, advisor.thresholds()));
        DigestSubscriptions subscriptions = new DigestSubscriptions(db);
        digestScheduler = DigestSchedulers.manual(db, DigestWiring.digests(db, digests, DigestConfig.DEFAULTS, fleet, SlackBot.methods(settings),
                approvals, clock), NOW);
        DigestCommands digestCommands = new DigestCommands(subscriptions, new DigestScheduler(digestScheduler), digests,
                DigestConfig.DEFAULTS, DigestSchedulers.clockOf(digestScheduler), DigestAdmins.fromEnvironment(approvalEnv, policy, clock),
                new ScanRequests(db));
        HotValues hotValues = new HotValues(db, KeyedHash.fromEnvironment(Map.of(), db));
        HotValueLookup hotValueLookup = new HotValueLookup(connected, HotValueLookup.budget(approvalEnv));
        bot = SlackBot.start(settings, new SlackBot.Services(connected, advisor, approvals,
                new JobHistory(connected, changes), digestCommands, analysed, new SlackEvents(db, clock),
                new HotValueDesk(new HotValueClicks(hotValues, hotValueLookup, policy, access, clock)), access), metrics);
        App app = bot.app();
        interrupted = new InterruptedApprovals(new Recommendations(db), changes, locks, connected, new SlackChangeReplies(app.client()), clock);
        HealthRuleOffering healthRules = new HealthRuleOffering(connected, changes, new Recommendations(db).healthRuleOffers(),
                Thresholds.defaults(), clock);
        followUp = new FollowUpWatcher(new Recommendations(db), changes, connected, new SlackChangeReplies(app.client()), clock, Thresholds.defaults(),
                afterVerdict(new HotValueRecheck(hotValues, hotValueLookup), healthRules));
        healthRuleWaits = new HealthRuleWaiter(new Recommendations(db), changes, healthRules, new SlackChangeReplies(app.client()), clock,
                Thresholds.defaults());
        if (socket != null) {
            slack.openSocketModeAt(socket.url());
            serving = socketMode(settings, app);
            await(Duration.ofSeconds(30), socket::connected);
            requests = null;
        } else {
            serving = http(app, port);
            requests = new SignedRequests(port, SECRET, slack.responseUrl());
        }
    }

    /** {@code serve}'s settings behind a firewall: the app-level token instead of a port and a signing secret. */
    static SlackSettings socketModeSettings(FakeSlackApi slack) {
        return SlackSettings.fromEnvironment(Map.of("SLACK_BOT_TOKEN", BOT_TOKEN, "SLACK_APP_TOKEN", APP_TOKEN, "SLACK_API_URL", slack.baseUrl()));
    }

    /** What serve says after a verdict: the hot value's recount, then the health-rule offer. */
    private static AfterVerdict afterVerdict(AfterVerdict recheck, AfterVerdict healthRules) {
        return (rec, runId, replies) -> {
            recheck.judged(rec, runId, replies);
            healthRules.judged(rec, runId, replies);
        };
    }

    /** Connects as {@code serve} does with SLACK_APP_TOKEN, without blocking. */
    private static AutoCloseable socketMode(SlackSettings settings, App app) {
        try {
            SocketModeApp socketMode = new SocketModeApp(settings.appToken(), app);
            socketMode.startAsync();
            return socketMode::close;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Serves as {@code serve} does over HTTP. */
    private static AutoCloseable http(App app, int port) {
        SlackHttpServer server = new SlackHttpServer(app, "/slack/events", port);
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return server::stop;
    }

    /** A run of job 42 as its page links it: on the emulator's host, so the bot takes it as its own workspace's. */
    String runLink(long runId) {
        return workspace.runLink(42, runId);
    }

    /** DBFS reads of the skewed-join event log: one analysis reads it once. */
    long skewLogReads() {
        return workspace.requests("GET", "/api/2.0/dbfs/read").stream().map(RecordedRequest::query)
                .filter(q -> q.contains("1203-skew")).count();
    }

    static void await(Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /**
     * Job {@code jobId} named {@code jobName}, whose runs {@code firstRun..lastRun} ran on cluster
     * {@code clusterId} (2 x i3.xlarge, dedicated access mode), which delivered {@code corpusLog} to DBFS.
     */
    static void addJob(WorkspaceEmulator emulator, long jobId, String jobName, String clusterId, String corpusLog,
            long firstRun, long lastRun) {
        addJob(emulator, jobId, jobName, clusterId, LOG_CONF, corpusLog, firstRun, lastRun);
    }

    /**
     * The same with the clusters' {@code logConf} ({@code "cluster_log_conf":{...}}, or "" for none); {@code corpusLog}
     * is delivered under dbfs:/cluster-logs when not null.
     */
    static void addJob(WorkspaceEmulator emulator, long jobId, String jobName, String clusterId, String logConf, String corpusLog,
            long firstRun, long lastRun) {
        addJob(emulator, jobId, jobName, clusterId, SHAPE, logConf, corpusLog, firstRun, lastRun);
    }

    /** The same on a cluster of {@code shape} ({@code "node_type_id":...,"num_workers":...} and any spark_conf) instead of {@link #SHAPE}. */
    static void addJob(WorkspaceEmulator emulator, long jobId, String jobName, String clusterId, String shape, String logConf,
            String corpusLog, long firstRun, long lastRun) {
        String newCluster = newCluster(shape, logConf);
        TestPeople.enrol(emulator);
        TestPeople.shareJob(emulator, jobId);
        emulator.putJson("clusters/" + clusterId + ".json", clusterJson(clusterId, shape, logConf));
        emulator.putJson("jobs/" + jobId + ".json", "{\"job_id\":" + jobId + ",\"settings\":{\"name\":\"" + jobName
                + "\",\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":" + newCluster + "}],\"tasks\":"
                + "[{\"task_key\":\"main\",\"job_cluster_key\":\"main\",\"spark_python_task\":{\"python_file\":\"/Repos/etl/"
                + jobName + ".py\"}}]}}");
        for (long run = firstRun; run <= lastRun; run++) {
            emulator.putJson("runs/" + run + ".json", runJson(jobId, run, jobName, clusterId, FIRST_RUN_START + (run - firstRun) * 3_600_000L,
                    newCluster));
        }
        if (corpusLog != null) {
            emulator.putFile("dbfs/cluster-logs/" + clusterId + "/eventlog/" + clusterId + "_10_0_0_7/777/eventlog-2026-12-01--00-00.gz",
                    Corpus.dir().resolve(corpusLog));
        }
    }

    /**
     * The job's next run, started now on a fresh job cluster {@code clusterId} that delivered {@code corpusLog};
     * with a null log, a run that failed before delivering any.
     */
    void addNextRun(long jobId, long runId, String jobName, String clusterId, String corpusLog) {
        addNextRun(jobId, runId, jobName, clusterId, corpusLog != null, corpusLog);
    }

    /** The job's next run, started now, successful, but its cluster never delivered an event log. */
    void addNextRunWithoutLog(long jobId, long runId, String jobName, String clusterId) {
        addNextRun(jobId, runId, jobName, clusterId, true, null);
    }

    private void addNextRun(long jobId, long runId, String jobName, String clusterId, boolean succeeded, String corpusLog) {
        addRun(jobId, runId, jobName, clusterId, succeeded, corpusLog == null ? null : Corpus.dir().resolve(corpusLog), clock.millis());
    }

    /** A successful run of the job started at {@code startMs} on a job cluster {@code clusterId} of its own, which delivered {@code eventLog}. */
    void addRun(long jobId, long runId, String jobName, String clusterId, Path eventLog, long startMs) {
        addRun(jobId, runId, jobName, clusterId, true, eventLog, startMs);
    }

    /** As {@link #addRun(long, long, String, String, Path, long)}, the run taking {@code durationMs} (not 100 s). */
    void addRun(long jobId, long runId, String jobName, String clusterId, Path eventLog, long startMs, long durationMs) {
        addRun(jobId, runId, jobName, clusterId, true, eventLog, startMs, durationMs);
    }

    private void addRun(long jobId, long runId, String jobName, String clusterId, boolean succeeded, Path eventLog, long startMs) {
        addRun(jobId, runId, jobName, clusterId, succeeded, eventLog, startMs, RUN_MS);
    }

    private void addRun(long jobId, long runId, String jobName, String clusterId, boolean succeeded, Path eventLog, long startMs,
            long durationMs) {
        workspace.putJson("clusters/" + clusterId + ".json", clusterJson(clusterId, SHAPE, LOG_CONF));
        String run = runJson(jobId, runId, jobName, clusterId, startMs, newCluster(SHAPE, LOG_CONF))
                .replace("\"end_time\":" + (startMs + RUN_MS), "\"end_time\":" + (startMs + durationMs));
        workspace.addRun(jobId, succeeded ? run : run.replace(SUCCEEDED, FAILED), eventLog);
    }

    static final String LOG_CONF = "\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}}";

    /** Two i3.xlarge workers (the driver of the worker's type). */
    static final String SHAPE = "\"node_type_id\":\"i3.xlarge\",\"num_workers\":2";

    private static String newCluster(String shape, String logConf) {
        return "{\"spark_version\":\"15.4.x-scala2.12\"," + shape + ","
                + "\"data_security_mode\":\"SINGLE_USER\"" + (logConf.isEmpty() ? "" : "," + logConf) + "}";
    }
    private static final String SUCCEEDED = "{\"life_cycle_state\":\"TERMINATED\",\"state_message\":\"\",\"result_state\":\"SUCCESS\"}";
    private static final String FAILED = SUCCEEDED.replace("SUCCESS", "FAILED");

    /** A terminated job cluster of {@code shape}, dedicated access mode, logs delivered to dbfs:/cluster-logs. */
    private static String clusterJson(String clusterId, String shape, String logConf) {
        return "{\"cluster_id\":\"" + clusterId + "\",\"spark_version\":\"15.4.x-scala2.12\"," + shape + ","
                + "\"data_security_mode\":\"SINGLE_USER\"," + (logConf.isEmpty() ? "" : logConf + ",") + "\"cluster_source\":\"JOB\",\"state\":\"TERMINATED\","
                + "\"spark_context_id\":777,\"driver\":{\"private_ip\":\"10.0.0.7\"}}";
    }

    /** How long a run the harness declares took. */
    private static final long RUN_MS = 100_000;

    /** A successful run of the job's one task "main" on job cluster "main", 100 s from {@code start}. */
    private static String runJson(long jobId, long run, String jobName, String clusterId, long start, String newCluster) {
        String times = "\"start_time\":" + start + ",\"end_time\":" + (start + RUN_MS);
        return "{\"job_id\":" + jobId + ",\"run_id\":" + run + ",\"run_name\":\""
                + jobName + "\",\"state\":" + SUCCEEDED + "," + times + ",\"job_clusters\":[{\"job_cluster_key\":\"main\","
                + "\"new_cluster\":" + newCluster + "}],\"tasks\":[{\"task_key\":\"main\",\"run_id\":" + (run * 10 + 1)
                + ",\"state\":" + SUCCEEDED + ",\"cluster_instance\":{\"cluster_id\":\"" + clusterId + "\",\"spark_context_id\":"
                + "\"777\"},\"job_cluster_key\":\"main\"," + times + "}]}";
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parents edited into their final state ("Details in the thread"): asks answered. */
    long finishedParents() {
        return slack.calls("chat.update").stream().filter(c -> c.param("blocks").contains("Details in the thread")).count();
    }

    /** The messages posted in channels, not in threads: one per ask. */
    List<FakeSlackApi.Call> parents() {
        return slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").isEmpty()).toList();
    }

    /**
     * {@code user} asks in {@link #CHANNEL} about {@code run}; once its answer is in, returns the reply of
     * {@code rule}'s finding (whose buttons carry "run-rule@") and forgets the Slack calls so far.
     */
    FakeSlackApi.Call postedFinding(long run, String user, String rule) {
        requests.command("run:" + run, CHANNEL, user);
        String value = "\"value\":\"" + run + "-" + rule + "@";
        await(Duration.ofSeconds(60), () -> slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")
                && c.param("blocks").contains("run:" + run)));
        FakeSlackApi.Call finding = slack.calls("chat.postMessage").stream().filter(c -> c.param("blocks").contains(value))
                .findFirst().orElseThrow();
        slack.clear();
        return finding;
    }

    List<FakeSlackApi.Call> threadReplies(String parentTs) {
        return slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").equals(parentTs)).toList();
    }

    /**
     * The bot stopped and started again, as by a deploy: a new bot (new HTTP server, nothing shared in
     * memory) over the same workspace, database and facts cache. Close the new one only.
     */
    BotHarness restart() throws Exception {
        stopBot();
        return new BotHarness(db, approvalEnv, clock, null, workspace, factsCache, scan);
    }

    private void stopBot() throws Exception {
        serving.close();
        bot.stop(Duration.ofSeconds(5));
        if (socket != null) {
            socket.close();
        }
        slack.close();
    }

    @Override
    public void close() throws Exception {
        stopBot();
        workspace.close();
        try (Stream<Path> files = Files.walk(factsCache)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static Path newFolder() {
        try {
            return Files.createTempDirectory("facts-cache");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
