package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.EventLog;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.knowledge.facts.RunFacts;

/** The facts of one run fetched from a workspace: the chosen task's cluster, its event log and its shape. */
final class WorkspaceRun {
    private WorkspaceRun() {}

    static RunFacts facts(Workspace workspace, String runReference, String taskKey) {
        RunTelemetry telemetry = workspace.fetch(workspace.resolve(runReference));
        ClusterTelemetry cluster = pick(telemetry, taskKey);
        return workspace.facts(telemetry, cluster, bytes -> {});
    }

    private static ClusterTelemetry pick(RunTelemetry telemetry, String taskKey) {
        if (taskKey != null) {
            return telemetry.clusters().stream().filter(c -> c.taskKeys().contains(taskKey)).findFirst()
                    .orElseThrow(() -> new BadInputException("run " + telemetry.ref() + " has no task " + taskKey
                            + "; its tasks are " + telemetry.clusters().stream().flatMap(c -> c.taskKeys().stream()).toList()));
        }
        return telemetry.clusters().stream().filter(c -> c.eventLog() instanceof EventLog.Delivered).findFirst()
                .orElseGet(() -> telemetry.clusters().stream().findFirst()
                        .orElseThrow(() -> new BadInputException("run " + telemetry.ref() + " ran on no cluster")));
    }
}
