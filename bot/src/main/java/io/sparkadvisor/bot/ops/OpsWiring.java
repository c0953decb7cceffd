package io.sparkadvisor.bot.ops;

import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.databricks.Workspace;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** What {@code serve}'s readiness checks: the parts a replica cannot work without. */
public final class OpsWiring {
    public static final String[] PATHS = {OpsServlet.HEALTH, OpsServlet.READY, OpsServlet.METRICS};

    private OpsWiring() {}

    /**
     * The database answers; Slack takes the bot token ({@code slack}, the Slack adapter's check);
     * the workspace answers a one-second list of runs, the cheapest read every token may make. A
     * report is reused for {@code keep}.
     */
    public static Readiness readiness(Database db, Readiness.Check slack, Workspace workspace, Duration keep) {
        return new Readiness(List.of(
                new Readiness.Part("database", db::ping),
                new Readiness.Part("slack", slack),
                new Readiness.Part("workspace", () -> {
                    Instant now = Instant.now();
                    workspace.completedRuns(now.minus(Duration.ofSeconds(1)), now);
                })), keep, Clock.systemUTC());
    }
}
