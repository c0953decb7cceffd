package io.sparkadvisor.bot.cli;

import com.github.kagkarlsson.scheduler.Scheduler;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.approvals.DigestAdmins;
import io.sparkadvisor.bot.approvals.JobHistory;
import io.sparkadvisor.bot.config.AdvisorConfig;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.DigestScheduler;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.followup.FollowUpWatcher;
import io.sparkadvisor.bot.hotvalue.HotValueLookup;
import io.sparkadvisor.bot.hotvalue.HotValueRecheck;
import io.sparkadvisor.bot.slack.DigestCommands;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.slack.HotValueDesk;
import io.sparkadvisor.bot.slack.ScanWiring;
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
                + " SLACK_APP_TOKEN is set.",
                "Reads SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET (HTTP), SLACK_APP_TOKEN, PORT, SLACK_API_URL,"
                        + " and DATABRICKS_HOST with DATABRICKS_TOKEN (or the SDK's other auth) unless --workspace-dir.",
                "Approvals: SPARK_ADVISOR_APPROVERS, SPARK_ADVISOR_APPROVER_GROUP, SPARK_ADVISOR_SELF_APPROVAL (deny|allow),"
                        + " scan and digest subscriptions also by SPARK_ADVISOR_DIGEST_ADMIN_GROUP,"
                        + " follow-up of applied steps every SPARK_ADVISOR_FOLLOWUP_SECONDS (default 300),"
                        + " kept in DATABASE_URL (PostgreSQL) or the H2 file SPARK_ADVISOR_DB_PATH (default ~/.spark-advisor/advisor).",
                "Facts of completed runs read once: SPARK_ADVISOR_FACTS_CACHE_DIR (default ~/.spark-advisor/facts-cache),"
                        + " at most SPARK_ADVISOR_FACTS_CACHE_MB (default 256; 0 keeps none).",
                "Weekly digest: costs from system.billing on DATABRICKS_WAREHOUSE_ID (else estimates), scheduled per channel"
                        + " in the same database; defaults in the config file's digest: section.",
                "Find the hot value (skew findings): the query runs on DATABRICKS_WAREHOUSE_ID, each lookup within"
                        + " SPARK_ADVISOR_HOT_VALUE_SECONDS (default 300), a stopped warehouse's start included; the database keeps"
                        + " an HMAC of the value found, keyed by SPARK_ADVISOR_HASH_KEY (default: a key generated into the database)."})
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

    @Override
    public Integer call() throws Exception {
        Map<String, String> env = System.getenv();
        SlackSettings settings = SlackSettings.fromEnvironment(env);
        Workspace workspace = WorkspaceChoice.of(workspaceDir, env);
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
        FleetScan fleet = ScanWiring.scan(db, workspace, advisor, config.scan(), Clock.systemUTC());
        Digests digests = new Digests(workspace, digestConfig, analysed, changes, fleet);
        DigestSubscriptions subscriptions = new DigestSubscriptions(db);
        Scheduler scheduler = DigestScheduler.start(db, ScanWiring.digests(db, digests, digestConfig, fleet, SlackBot.methods(settings),
                approvals, Clock.systemUTC()));
        DigestCommands digestCommands = new DigestCommands(subscriptions, new DigestScheduler(scheduler), digests,
                digestConfig, Clock.systemUTC(), DigestAdmins.fromEnvironment(env, policy, Clock.systemUTC()), new ScanRequests(db));
        HotValues hotValues = new HotValues(db, KeyedHash.fromEnvironment(env, db));
        HotValueLookup hotValueLookup = new HotValueLookup(workspace, HotValueLookup.budget(env));
        SlackBot bot = SlackBot.start(settings, new SlackBot.Services(workspace, advisor, approvals,
                new JobHistory(workspace, changes), digestCommands, analysed, new SlackEvents(db, Clock.systemUTC()),
                new HotValueDesk(hotValues, hotValueLookup, policy, access, Clock.systemUTC()), access));
        ScheduledExecutorService followUps = Executors.newSingleThreadScheduledExecutor();
        new FollowUpWatcher(new Recommendations(db), changes, locks, workspace, bot.changeReplies(), Clock.systemUTC(),
                thresholdOptions.thresholds(), new HotValueRecheck(hotValues, hotValueLookup))
                .start(followUps, FollowUpWatcher.interval(env));
        spec.commandLine().getErr().println("spark-advisor: serving Slack, " + settings + ", approvals in " + db);
        SlackBot.Intake intake = bot.intake(settings, EVENTS_PATH);
        onShutdown(intake, bot, followUps, scheduler, fleet);
        intake.serve(); // blocks until the process is stopped
        return 0;
    }

    /**
     * SIGTERM (a deploy, docker stop): stop taking requests, let the asks and clicks under way
     * finish for {@link #GRACE}, mark the rest "restarted, ask again" in their threads, then let
     * the digest scheduler give back what it picked; a fleet scan under way gives back the jobs it
     * has not finished, which the next scan of the week (on any replica) takes.
     */
    private void onShutdown(AutoCloseable intake, SlackBot bot, ScheduledExecutorService followUps, Scheduler scheduler, FleetScan fleet) {
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
        }, "spark-advisor-shutdown"));
    }
}
