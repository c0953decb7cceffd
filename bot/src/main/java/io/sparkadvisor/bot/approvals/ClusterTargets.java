package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.JobChange;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.templates.replies.ApprovalReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * Which cluster definition of a job the Spark application ran on, from the job's settings and the
 * tasks that shared the cluster: their {@code job_clusters} entry, or the one task's own
 * {@code new_cluster}. Tasks on an existing all-purpose cluster or serverless have none to change.
 * Stored as {@code job_cluster:<key>}, {@code task:<key>}, or {@code job} for a serverless job's run (no cluster).
 */
public final class ClusterTargets {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JOB_CLUSTER = "job_cluster:";
    private static final String TASK = "task:";
    private static final String NO_CLUSTER = "job";

    private ClusterTargets() {}

    public static Optional<ClusterTarget> of(String jobSettingsJson, List<String> taskKeys) {
        if (jobSettingsJson == null) {
            return Optional.empty();
        }
        for (JsonNode task : read(jobSettingsJson).path("tasks")) {
            if (taskKeys.contains(task.path("task_key").asText())) {
                if (task.hasNonNull("job_cluster_key")) {
                    return Optional.of(new ClusterTarget.JobCluster(task.get("job_cluster_key").asText()));
                }
                if (task.hasNonNull("new_cluster")) {
                    return Optional.of(new ClusterTarget.TaskCluster(task.get("task_key").asText()));
                }
            }
        }
        return Optional.empty();
    }

    public static String encode(ClusterTarget target) {
        if (target instanceof ClusterTarget.NoCluster) {
            return NO_CLUSTER;
        }
        return target instanceof ClusterTarget.JobCluster j ? JOB_CLUSTER + j.jobClusterKey()
                : TASK + ((ClusterTarget.TaskCluster) target).taskKey();
    }

    public static ClusterTarget decode(String stored) {
        if (stored.equals(NO_CLUSTER)) {
            return new ClusterTarget.NoCluster();
        }
        return stored.startsWith(JOB_CLUSTER) ? new ClusterTarget.JobCluster(stored.substring(JOB_CLUSTER.length()))
                : new ClusterTarget.TaskCluster(stored.substring(TASK.length()));
    }

    /** Where a change went: a job-level change to the job's own settings, whatever cluster its run had. */
    static String describe(ClusterTarget target, SettingsChange change) {
        if (change instanceof JobChange) {
            return ApprovalReply.JOB_SETTINGS.text();
        }
        return target instanceof ClusterTarget.JobCluster j ? ApprovalReply.JOB_CLUSTER.text("key", j.jobClusterKey())
                : ApprovalReply.TASK_CLUSTER.text("key", ((ClusterTarget.TaskCluster) target).taskKey());
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
