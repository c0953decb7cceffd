package io.sparkadvisor.bot.cli;

import com.github.kagkarlsson.scheduler.Scheduler;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.approvals.DigestAdmins;
import io.sparkadvisor.bot.approvals.InterruptedApprovals;
import io.sparkadvisor.bot.approvals.JobHistory;
import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.config.AdvisorConfig;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.DigestScheduler;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.followup.AfterVerdict;
import io.sparkadvisor.bot.followup.FollowUpWatcher;
import io.sparkadvisor.bot.followup.HealthRuleOffering;
import io.sparkadvisor.bot.followup.HealthRuleWaiter;
import io.sparkadvisor.bot.followup.WindowWatcher;
import io.sparkadvisor.bot.hotvalue.HotValueClicks;
import io.sparkadvisor.bot.hotvalue.HotValueLookup;
import io.sparkadvisor.bot.hotvalue.HotValueRecheck;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.ops.OpsServlet;
import io.sparkadvisor.bot.ops.OpsWiring;
import io.sparkadvisor.bot.config.BotSettings;
import io.sparkadvisor.bot.config.SettingsTable;
import io.sparkadvisor.bot.slack.DigestCommands;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.slack.HotValueDesk;
import io.sparkadvisor.bot.slack.DigestWiring;
import io.sparkadvisor.bot.slack.SlackBot;
import io.sparkadvisor.bot.slack.SlackSettings;
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
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.rules.advisor.Advisor;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The Slack bot: settings from the environment, checked before anything starts; runs until stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the Slack bot: HTTP on $PORT (default 3000) at /slack/events, or Socket Mode when"
                + " SLACK_APP_TOKEN is set. In both modes $SPARK_ADVISOR_OPS_PORT (default 9090), never PORT, answers"
                + " GET /healthz (alive), /readyz (database, Slack and workspace reachable; 503 naming the failing part)"
                + " and /metrics (Prometheus).",
                "Settings are environment variables, all checked before the bot starts (see the footer)."},
        footerHeading = "%nSettings:%n")
final class ServeCommand implements Callable<Integer> {
    static final String EVENTS_PATH = "/slack/events";
    /** What a stopping bot gives its work under way: below docker stop's 10 s before SIGKILL, so the notes still go out. */
    static final Duration GRACE = Duration.ofSeconds(8);

    @Option(names = "--workspace-dir", paramLabel = "DIR", description = "A folder of recorded workspace answers (see WORKSPACE-DIR.md) instead of a live workspace.")
    Path workspaceDir;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Spec
    CommandSpec spec;

    /** The settings table as the help's footer: generated from the catalogue, so it cannot drift. */
    static void describeSettings(CommandSpec serve) {
        serve.usageMessage().footer(SettingsTable.helpLines().toArray(String[]::new));
    }

    @Override
    public Integer call() throws Exception {
        Map<String, String> env = System.getenv();
        BotSettings.check(env);
        SlackSettings settings = SlackSettings.fromEnvironment(env);
        int opsPort = opsPort(env, settings);
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        BotMetrics metrics = BotMetrics.withJvm(registry);
        Workspace workspace = WorkspaceChoice.of(workspaceDir, env, metrics);
        ApprovalPolicy policy = ApprovalPolicy.fromEnvironment(env);
        SlackBot.checkSlack(settings);
        Database db = Database.fromEnvironment(env).migrate();
        Changes changes = new Changes(db);
        JobLocks locks = new JobLocks(db, Clock.systemUTC());
        AdvisorConfig config = AdvisorConfig.load(thresholdOptions.config);
        AccessService access = new AccessService(workspace.access(), config.access(), Clock.systemUTC());
        ApprovalDesk approvals = new ApprovalDesk(new Recommendations(db), changes, locks, workspace, policy, access, Clock.systemUTC());
        DigestConfig digestConfig = config.digest();
        AnalysedFindings analysed = new AnalysedFindings(db);
        Advisor advisor = new Advisor(thresholdOptions.thresholds());
        FleetScan fleet = FleetScan.of(db, workspace, advisor, config.scan(), Clock.systemUTC(), metrics);
        Digests digests = new Digests(workspace, digestConfig, analysed, changes, fleet).comparing(
                new RunComparisons(workspace, advisor.thresholds()));
        DigestSubscriptions subscriptions = new DigestSubscriptions(db);
        Scheduler scheduler = DigestScheduler.start(db, DigestWiring.digests(db, digests, digestConfig, fleet, SlackBot.methods(settings, metrics),
                approvals, Clock.systemUTC()));
        DigestCommands digestCommands = new DigestCommands(subscriptions, new DigestScheduler(scheduler), digests,
                digestConfig, Clock.systemUTC(), DigestAdmins.fromEnvironment(env, policy, Clock.systemUTC()), new ScanRequests(db));
        HotValues hotValues = new HotValues(db, KeyedHash.fromEnvironment(env, db));
        HotValueLookup hotValueLookup = new HotValueLookup(workspace, HotValueLookup.budget(env));
        SlackBot bot = SlackBot.start(settings, new SlackBot.Services(workspace, advisor, approvals,
                new JobHistory(workspace, changes), digestCommands, analysed, new SlackEvents(db, Clock.systemUTC()),
                new HotValueDesk(new HotValueClicks(hotValues, hotValueLookup, policy, access, Clock.systemUTC())), access), metrics);
        ScheduledExecutorService followUps = Executors.newSingleThreadScheduledExecutor();
        HotValueRecheck recheck = new HotValueRecheck(hotValues, hotValueLookup);
        HealthRuleOffering healthRules = new HealthRuleOffering(workspace, changes, new Recommendations(db).healthRuleOffers(),
                thresholdOptions.thresholds(), Clock.systemUTC());
        Repeating.every(followUps, InterruptedApprovals.EVERY, "settling interrupted approvals", new InterruptedApprovals(
                new Recommendations(db), changes, locks, workspace, bot.changeReplies(), Clock.systemUTC())::finish);
        AfterVerdict afterVerdict = (rec, runId, slack) -> {
            metrics.followedUp();
            recheck.judged(rec, runId, slack);
            healthRules.judged(rec, runId, slack);
        };
        FollowUpWatcher watcher = new FollowUpWatcher(new Recommendations(db), changes, workspace, bot.changeReplies(), Clock.systemUTC(),
                thresholdOptions.thresholds(), afterVerdict);
        Repeating.every(followUps, FollowUpWatcher.interval(env), "follow-up poll", watcher::poll);
        Repeating.every(followUps, FollowUpWatcher.interval(env), "restarted continuous jobs' window poll", new WindowWatcher(
                new Recommendations(db), changes, workspace, bot.changeReplies(), Clock.systemUTC(), thresholdOptions.thresholds(),
                afterVerdict)::poll);
        Repeating.every(followUps, FollowUpWatcher.interval(env), "health rules waiting for runs", new HealthRuleWaiter(
                new Recommendations(db), changes, healthRules, bot.changeReplies(), Clock.systemUTC(), thresholdOptions.thresholds())::poll);
        OpsServlet ops = new OpsServlet(OpsWiring.readiness(db, bot::checkAuth, workspace,
                Duration.ofSeconds(BotSettings.READY_CACHE_SECONDS.get(env))), registry);
        spec.commandLine().getErr().println("spark-advisor: serving Slack, " + settings + ", approvals in " + db);
        SlackBot.Intake intake = bot.intake(settings, EVENTS_PATH, opsPort, ops, OpsWiring.PATHS);
        onShutdown(intake, bot, followUps, scheduler, fleet, db);
        intake.serve(); // blocks until the process is stopped
        return 0;
    }

    /** The operator's port: in HTTP mode never Slack's, which must be public while /readyz and /metrics must not. */
    static int opsPort(Map<String, String> env, SlackSettings slack) {
        int ops = BotSettings.OPS_PORT.get(env).intValue();
        if (!slack.socketMode() && ops == slack.port()) {
            throw new BadInputException("SPARK_ADVISOR_OPS_PORT is PORT (" + ops + "): Slack's requests come to PORT from the internet,"
                    + " so /readyz and /metrics need a port of their own; set SPARK_ADVISOR_OPS_PORT to another");
        }
        return ops;
    }

    /**
     * SIGTERM (a deploy, docker stop): stop taking requests, let the asks and clicks under way
     * finish for {@link #GRACE}, mark the rest "restarted, ask again" in their threads, then let
     * the digest scheduler give back what it picked; a fleet scan under way gives back the jobs it
     * has not finished, which the next scan of the week (on any replica) takes. The database's pool closes last.
     */
    private void onShutdown(AutoCloseable intake, SlackBot bot, ScheduledExecutorService followUps, Scheduler scheduler, FleetScan fleet,
            Database db) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                intake.close();
            } catch (Exception e) {
                spec.commandLine().getErr().println("spark-advisor: closing the Slack connection failed (" + e.getClass().getSimpleName() + ")");
            }
            followUps.shutdownNow(); // a poll cut short is repeated by the next instance: its steps are settled from the job
            bot.stop(GRACE);
            if (fleet != null) {
                fleet.stop();
            }
            scheduler.stop();
            db.close();
        }, "spark-advisor-shutdown"));
    }
}
