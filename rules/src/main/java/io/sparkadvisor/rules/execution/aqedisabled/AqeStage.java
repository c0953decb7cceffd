package io.sparkadvisor.rules.execution.aqedisabled;

/**
 * One shuffle stage AQE would have changed.
 *
 * @param stageId the stage
 * @param partitions the partitions it ran
 * @param coalescedPartitions the partitions AQE's coalescing would have made of them (the same count when it would not)
 * @param shuffleReadBytes shuffle bytes the stage read
 * @param medianTaskMs the median task's duration
 * @param skewedPartitionBytes the largest partition, when AQE's skew join would have split it; 0 otherwise
 * @param savedTaskMs task time the change saves (tiny tasks' overhead; splitting a partition saves no task time)
 * @param savedWallMs wall time the change saves
 * @param wallMs the stage's wall time
 */
public record AqeStage(int stageId, int partitions, int coalescedPartitions, long shuffleReadBytes, long medianTaskMs,
        long skewedPartitionBytes, long savedTaskMs, long savedWallMs, long wallMs) {

    public boolean coalesced() {
        return coalescedPartitions < partitions;
    }

    public boolean split() {
        return skewedPartitionBytes > 0;
    }
}
