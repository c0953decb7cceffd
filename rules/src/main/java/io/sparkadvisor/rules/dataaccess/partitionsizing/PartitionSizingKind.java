package io.sparkadvisor.rules.dataaccess.partitionsizing;

/** The two ways a stage's work can be cut badly: the kind of a partition-sizing diagnosis, and the proposal an evidence record carries. */
public enum PartitionSizingKind {
    /** Fewer tasks than the slots can run in full waves: slots idle while a few long tasks run. */
    TOO_FEW_TASKS,
    /** Very many tasks, each too short to pay for its scheduling. */
    TOO_MANY_TASKS
}
