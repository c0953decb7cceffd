package io.sparkadvisor.rules.infrastructure.fallingbehind;

/** Why a streaming query falls behind, as falling-behind.drl decides it; the remedy follows the cause. */
public enum FallingBehindCause {
    /** The Kafka topic has fewer partitions than slots: the read is narrow. */
    SOURCE_PARALLELISM,
    /** Batches of very different sizes: the source hands over whatever piled up. */
    UNBOUNDED_BATCH,
    /** Tasks wait (CPU far below run time) on a fixed-size cluster: more slots per core, not more nodes. */
    WAITING,
    /** Tasks compute: only more compute helps. */
    CPU_BOUND
}
