package io.sparkadvisor.rules.dataaccess.sourceparallelism;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * source-parallelism: a streaming query reads a Kafka topic of fewer partitions than the run has task slots, so
 * each micro-batch's read leaves slots idle; decided in source-parallelism.drl, advised by
 * {@link SourceParallelismAdvice}.
 */
public final class SourceParallelismRule {
    public static final String ID = "source-parallelism";
    private static final String KAFKA_DOC = "https://spark.apache.org/docs/latest/structured-streaming-kafka-integration.html"
            + " (minPartitions: the desired minimum number of partitions to read from Kafka)";

    public static final Threshold MAX_PARTITION_SHARE = new Threshold(ID + ".maxPartitionShare", 0.5, 0, 1,
            "Kafka partitions / task slots",
            "Fires when the topic's partitions fill at most this share of the slots: one task per partition leaves the"
                    + " rest of the slots idle while each batch reads.",
            OURS + "half the slots idle on every read is worth a setting; the seeds' table: more slots than partitions"
                    + " -> minPartitions");
    public static final Threshold HIGH_PARTITION_SHARE = new Threshold(ID + ".highPartitionShare", 0.25, 0, 1,
            "Kafka partitions / task slots", "At or below this share three quarters of the slots wait on every read.",
            OURS + "a quarter of the slots used is the severe case");
    public static final Threshold MIN_BATCHES = new Threshold(ID + ".minBatches", 3, 1, 1_000_000, "micro-batches",
            "The partition count is read from every batch's offsets; a few batches show it is the topic's, not a start-up one.",
            OURS + "the count is exact per batch, so a few suffice (" + KAFKA_DOC + ")");

    public static final Ladder SEVERITY = Ladder.mediumThenHighBelow(HIGH_PARTITION_SHARE);

    public static final Rule<SourceParallelismEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS,
            SourceParallelismEvidence.class, SourceParallelismEvidence::of, SourceParallelismAdvice::remedy,
            List.of(MAX_PARTITION_SHARE, HIGH_PARTITION_SHARE, MIN_BATCHES), List.of(SEVERITY), FindingChart.STREAMING_RATES);

    private SourceParallelismRule() {}
}
