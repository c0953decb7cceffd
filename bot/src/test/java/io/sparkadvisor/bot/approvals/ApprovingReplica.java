package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.slack.SlackChangeReplies;
import com.slack.api.Slack;
import com.slack.api.SlackConfig;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.ChannelGroups;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.templates.slack.ApprovalIds;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * Another bot replica in a JVM of its own, for the fault tests: its approval desk on the same
 * database ({@code args[0]} is {@code DATABASE_URL=...} or {@code SPARK_ADVISOR_DB_PATH=...}),
 * Databricks emulator ({@code args[1]}) and fake Slack ({@code args[2]}), on a clock
 * {@code args[3]} ms ahead of the system's (the test's). It says "ready", and when told to on its
 * input, approves step 1 of recommendation {@code args[4]} as {@code args[5]}, through the same
 * {@link ApprovalDesk#approve} the Slack app calls, then says "done".
 */
public final class ApprovingReplica {
    private ApprovingReplica() {}

    public static void main(String[] args) throws Exception {
        String[] database = args[0].split("=", 2);
        Database db = Database.fromEnvironment(Map.of(database[0], database[1]));
        SlackConfig slackConfig = new SlackConfig();
        slackConfig.setMethodsEndpointUrlPrefix(args[2] + "/api/");
        Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofMillis(Long.parseLong(args[3])));
        Workspace workspace = Workspaces.connect(WorkspaceClients.withToken(args[1], WorkspaceEmulator.TOKEN), null);
        ApprovalDesk desk = new ApprovalDesk(new Recommendations(db), new Changes(db), new JobLocks(db, clock), workspace,
                ApprovalPolicy.fromEnvironment(Map.of("SPARK_ADVISOR_APPROVERS", args[5])),
                new AccessService(workspace.access(), ChannelGroups.NONE, clock), clock);
        System.out.println("ready");
        System.out.flush();
        System.in.read();
        var rec = new Recommendations(db).find(args[4]).orElseThrow();
        Click click = new Click(args[5], new ClickedMessage(rec.channel(), rec.threadTs(), rec.messageTs()), "finding", "[]",
                ApprovalIds.parse(args[4] + ":1"));
        ChangeReplies slack = new SlackChangeReplies(Slack.getInstance(slackConfig).methods("xoxb-test-token"));
        desk.approve(click, slack.people()).tell(click, slack);
        System.out.println("done");
        System.out.flush();
    }
}
