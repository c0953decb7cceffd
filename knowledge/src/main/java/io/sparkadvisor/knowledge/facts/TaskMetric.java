package io.sparkadvisor.knowledge.facts;

/** The per-task figures summarised for every stage. Times are milliseconds, sizes bytes. */
public enum TaskMetric {
    /** Wall time from launch to finish, as the scheduler saw it. */
    DURATION,
    EXECUTOR_RUN_TIME,
    /** Converted from the log's nanoseconds. */
    EXECUTOR_CPU_TIME,
    JVM_GC_TIME,
    DESERIALIZE_TIME,
    INPUT_BYTES,
    INPUT_RECORDS,
    OUTPUT_BYTES,
    OUTPUT_RECORDS,
    SHUFFLE_READ_BYTES,
    SHUFFLE_READ_RECORDS,
    SHUFFLE_FETCH_WAIT_TIME,
    SHUFFLE_WRITE_BYTES,
    SHUFFLE_WRITE_RECORDS,
    /** Converted from the log's nanoseconds. */
    SHUFFLE_WRITE_TIME,
    MEMORY_BYTES_SPILLED,
    DISK_BYTES_SPILLED,
    PEAK_EXECUTION_MEMORY
}
