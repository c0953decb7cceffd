package io.sparkadvisor.bot.slack;

import com.slack.api.Slack;
import com.slack.api.SlackConfig;
import io.sparkadvisor.bot.followup.FollowUpWatcher;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Clock;
import java.util.Map;

/**
 * A second bot replica in a JVM of its own, for the two-replicas test: its follow-up watcher on the
 * same PostgreSQL ({@code args[0]}, a DATABASE_URL), Databricks emulator ({@code args[1]}) and fake
 * Slack Web API ({@code args[2]}). It says "ready" once built and polls once when told to on its
 * input, so its poll and the test's overlap instead of racing the JVM's start-up.
 */
public final class OtherReplica {
    private OtherReplica() {}

    public static void main(String[] args) throws Exception {
        Database db = Database.fromEnvironment(Map.of("DATABASE_URL", args[0]));
        SlackConfig slackConfig = new SlackConfig();
        slackConfig.setMethodsEndpointUrlPrefix(args[2] + "/api/");
        FollowUpWatcher watcher = new FollowUpWatcher(new Recommendations(db), new Changes(db),
                Workspaces.connect(WorkspaceClients.withToken(args[1], WorkspaceEmulator.TOKEN), null),
                new SlackChangeReplies(Slack.getInstance(slackConfig).methods("xoxb-test-token")), Clock.systemUTC(), Thresholds.defaults());
        System.out.println("ready");
        System.out.flush();
        System.in.read();
        watcher.poll();
    }
}
