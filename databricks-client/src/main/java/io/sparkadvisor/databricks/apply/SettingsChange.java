package io.sparkadvisor.databricks.apply;

/** One step's edit of a job's settings: to one cluster definition, or to fields of the job itself. */
public sealed interface SettingsChange permits ClusterChange, JobChange {
}
