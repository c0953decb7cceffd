package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.FactsCacheSettings;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The workspace a command talks to: a recorded folder, or the live one from DATABRICKS_* settings; with the facts cache. */
final class WorkspaceChoice {
    private WorkspaceChoice() {}

    static Workspace of(Path workspaceDir, Map<String, String> env) {
        if (workspaceDir != null) {
            if (!Files.isDirectory(workspaceDir)) {
                throw new BadInputException("--workspace-dir " + workspaceDir + " is not a folder");
            }
            return Workspaces.fromDirectory(workspaceDir, FactsCacheSettings.fromEnvironment(env));
        }
        if (isBlank(env.get("DATABRICKS_HOST")) && isBlank(env.get("DATABRICKS_CONFIG_PROFILE"))) {
            throw new BadInputException("DATABRICKS_HOST is not set: set it with DATABRICKS_TOKEN (or another"
                    + " Databricks auth), or pass --workspace-dir DIR");
        }
        return Workspaces.connect(WorkspaceClients.fromEnvironment(), env.get("DATABRICKS_WAREHOUSE_ID"), FactsCacheSettings.fromEnvironment(env));
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
