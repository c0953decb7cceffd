package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.FactsCacheSettings;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.ops.DatabricksCallMeter;
import io.sparkadvisor.bot.config.BotSettings;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** The workspace a command talks to: a recorded folder, or the live one from DATABRICKS_* settings; with the facts cache. */
final class WorkspaceChoice {
    private WorkspaceChoice() {}

    static Workspace of(Path workspaceDir, Map<String, String> env) {
        return of(workspaceDir, env, BotMetrics.none());
    }

    /** As {@link #of(Path, Map)}, the live workspace's calls counted in {@code metrics}. */
    static Workspace of(Path workspaceDir, Map<String, String> env, BotMetrics metrics) {
        if (workspaceDir != null) {
            if (!Files.isDirectory(workspaceDir)) {
                throw new BadInputException("--workspace-dir " + workspaceDir + " is not a folder");
            }
            return Workspaces.fromDirectory(workspaceDir, FactsCacheSettings.fromEnvironment(env), liveWindow(env));
        }
        if (BotSettings.DATABRICKS_HOST.read(env).isEmpty() && BotSettings.DATABRICKS_CONFIG_PROFILE.read(env).isEmpty()) {
            throw new BadInputException("DATABRICKS_HOST is not set: set it with DATABRICKS_TOKEN (or another"
                    + " Databricks auth), or pass --workspace-dir DIR");
        }
        return Workspaces.connect(WorkspaceClients.fromEnvironment(config -> DatabricksCallMeter.on(config, metrics)), BotSettings.DATABRICKS_WAREHOUSE_ID.read(env).orElse(null), FactsCacheSettings.fromEnvironment(env), liveWindow(env));
    }

    static Duration liveWindow(Map<String, String> env) {
        return Duration.ofHours(BotSettings.LIVE_WINDOW_HOURS.get(env));
    }
}
