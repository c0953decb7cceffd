package io.sparkadvisor.bot.slack;

import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.access.ChannelGroups;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.DigestSchedulers;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A second bot replica with the fleet scan on ({@link FleetScanReplicasOnPostgresTest#SCAN}), in a
 * JVM of its own: PostgreSQL at {@code args[0]}, the Databricks emulator at {@code args[1]}, the fake
 * Slack Web API at {@code args[2]}, its clock at {@code args[3]}. Told to go, it runs the due digests
 * and, at the same time, a scan of the week (as {@code /spark-advisor scan} would); with {@code args[4]}
 * {@value #SCAN_ONLY}, only the scan.
 */
public final class OtherFleetReplica {
    static final String SCAN_ONLY = "scan-only";

    private OtherFleetReplica() {}

    public static void main(String[] args) throws Exception {
        Database db = Database.fromEnvironment(Map.of("DATABASE_URL", args[0]));
        var workspace = Workspaces.connect(WorkspaceClients.withToken(args[1], WorkspaceEmulator.TOKEN), BotHarness.WAREHOUSE);
        var slack = SlackBot.methods(SlackSettings.fromEnvironment(Map.of("SLACK_BOT_TOKEN", "xoxb-test-token", "SLACK_SIGNING_SECRET",
                BotHarness.SECRET, "SLACK_API_URL", args[2])));
        Clock clock = Clock.systemUTC();
        Changes changes = new Changes(db);
        ApprovalDesk approvals = new ApprovalDesk(new Recommendations(db), changes, new JobLocks(db, clock), workspace,
                ApprovalPolicy.fromEnvironment(Map.of(), clock), new AccessService(workspace.access(), ChannelGroups.NONE, clock), clock);
        FleetScan scan = FleetScan.of(db, workspace, new Advisor(Thresholds.defaults()), FleetScanReplicasOnPostgresTest.SCAN, clock,
                BotMetrics.none());
        Digests digests = new Digests(workspace, DigestConfig.DEFAULTS, new AnalysedFindings(db), changes, scan);
        ManualScheduler scheduler = DigestSchedulers.manual(db, DigestWiring.digests(db, digests, DigestConfig.DEFAULTS, scan, slack, approvals,
                clock), Instant.parse(args[3]));
        System.out.println("ready");
        System.out.flush();
        System.in.read();
        CompletableFuture<?> onDemand = CompletableFuture.runAsync(() -> digests.prepare(FleetScanReplicasOnPostgresTest.WEEK));
        if (!(args.length > 4 && SCAN_ONLY.equals(args[4]))) {
            scheduler.runAnyDueExecutions();
        }
        onDemand.join();
    }
}
