package io.sparkadvisor.rules.advisor;

/** The picture that illustrates a rule's finding, drawn by the bot. */
public enum FindingChart {
    NONE,
    /** The task durations of the finding's stage, launch order. */
    TASK_DURATIONS,
    /** Running tasks against available slots over the run. */
    SLOTS,
    /** A streaming query's input against processing rate, and its batch durations against its trigger, over the log. */
    STREAMING_RATES
}
