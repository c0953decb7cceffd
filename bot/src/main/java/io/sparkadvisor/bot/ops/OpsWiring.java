package io.sparkadvisor.bot.ops;

import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.response.auth.AuthTestResponse;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.databricks.Workspace;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What {@code serve}'s readiness checks: the parts a replica cannot work without. */
public final class OpsWiring {
    public static final String[] PATHS = {OpsServlet.HEALTH, OpsServlet.READY, OpsServlet.METRICS};

    private OpsWiring() {}

    /**
     * The database answers; Slack takes the bot token (auth.test); the workspace answers a
     * one-second list of runs, the cheapest read every token may make.
     */
    public static Readiness readiness(Database db, MethodsClient slack, Workspace workspace) {
        return new Readiness(List.of(
                new Readiness.Part("database", db::ping),
                new Readiness.Part("slack", () -> {
                    AuthTestResponse auth = slack.authTest(r -> r);
                    if (!auth.isOk()) {
                        throw new IllegalStateException("auth.test answered " + auth.getError());
                    }
                }),
                new Readiness.Part("workspace", () -> {
                    Instant now = Instant.now();
                    workspace.completedRuns(now.minus(Duration.ofSeconds(1)), now);
                })));
    }
}
