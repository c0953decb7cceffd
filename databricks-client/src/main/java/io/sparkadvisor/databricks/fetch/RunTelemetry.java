package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.databricks.resolve.RunRef;
import java.util.List;

/**
 * Everything fetched for one run, raw, for knowledge/ to turn into facts.
 *
 * @param run             the run with its tasks, states and setup/execution/cleanup durations (no SDK types leave this module)
 * @param jobSettingsJson the job's current settings (snake_case JSON), null for one-time runs or deleted jobs
 * @param clusters        one entry per cluster the run's tasks ran on, in task order
 * @param nodeTypesJson   the {@code clusters/list-node-types} answer
 */
public record RunTelemetry(RunRef ref, RunSummary run, String jobSettingsJson, List<ClusterTelemetry> clusters,
        String nodeTypesJson) {
}
