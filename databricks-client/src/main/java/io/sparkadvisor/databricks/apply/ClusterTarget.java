package io.sparkadvisor.databricks.apply;

/** Which cluster definition of a job a change goes to, if the job defines one. */
public sealed interface ClusterTarget {
    /** A shared {@code job_clusters} entry, used by every task with this {@code job_cluster_key}. */
    record JobCluster(String jobClusterKey) implements ClusterTarget {
    }

    /** The {@code new_cluster} of one task. */
    record TaskCluster(String taskKey) implements ClusterTarget {
    }

    /** No cluster: the run's tasks ran on serverless compute, so a step can change only the job's own fields ({@link JobChange}). */
    record NoCluster() implements ClusterTarget {
    }
}
