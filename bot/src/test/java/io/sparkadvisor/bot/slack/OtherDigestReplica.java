package io.sparkadvisor.bot.slack;

import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.DigestSchedulers;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.digest.ScheduledDigests;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.time.Instant;
import java.util.Map;

/**
 * A second bot replica in a JVM of its own, for the digest's two-replicas test: its digest
 * scheduler on the same PostgreSQL ({@code args[0]}), Databricks emulator ({@code args[1]}) and fake
 * Slack Web API ({@code args[2]}), its clock at {@code args[3]}. It says "ready" once built and runs
 * the due digests when told to on its input, so both replicas run them together.
 */
public final class OtherDigestReplica {
    private OtherDigestReplica() {}

    public static void main(String[] args) throws Exception {
        Database db = Database.fromEnvironment(Map.of("DATABASE_URL", args[0]));
        var workspace = Workspaces.connect(WorkspaceClients.withToken(args[1], WorkspaceEmulator.TOKEN), BotHarness.WAREHOUSE);
        var settings = SlackSettings.fromEnvironment(Map.of("SLACK_BOT_TOKEN", "xoxb-test-token", "SLACK_SIGNING_SECRET", BotHarness.SECRET,
                "SLACK_API_URL", args[2]));
        Digests digests = new Digests(workspace, DigestConfig.DEFAULTS, new AnalysedFindings(db), new Changes(db));
        var slack = SlackBot.methods(settings);
        ManualScheduler scheduler = DigestSchedulers.manual(db, new ScheduledDigests(new DigestSubscriptions(db), digests,
                DigestConfig.DEFAULTS, new DigestPoster(slack), DigestWiring.audience(slack, DigestConfig.DEFAULTS)), Instant.parse(args[3]));
        System.out.println("ready");
        System.out.flush();
        System.in.read();
        scheduler.runAnyDueExecutions();
    }
}
