package io.sparkadvisor.rules.execution.shufflesizing;

/** How a shuffle's partitions miss the band: the kind of a shuffle-sizing diagnosis. */
public enum ShuffleSizingKind {
    /** Many partitions of a few KB or MB: each task is mostly scheduling and fetch set-up. */
    TOO_SMALL,
    /** A few partitions of a GB or more: tasks sort and aggregate through disk, and a retry redoes a lot. */
    TOO_LARGE
}
