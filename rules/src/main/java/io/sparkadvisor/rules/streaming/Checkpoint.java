package io.sparkadvisor.rules.streaming;

import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StateOperatorProgress;
import java.util.Optional;

/**
 * What a streaming query's checkpoint pins: Spark writes {@code spark.sql.shuffle.partitions} and
 * {@code spark.sql.streaming.stateStore.providerClass} into the offset log's metadata at the query's first start and
 * sets them back on every restart from that checkpoint, whatever the job's settings say (OffsetSeqMetadata's
 * relevantSQLConfs). A new value takes effect only with a new checkpoint.
 */
public final class Checkpoint {
    public static final String OFFSET_SEQ = "https://github.com/apache/spark/blob/v3.5.3/sql/core/src/main/scala/org/apache/"
            + "spark/sql/execution/streaming/OffsetSeq.scala (OffsetSeqMetadata.relevantSQLConfs)";
    public static final String PROVIDER_KEY = "spark.sql.streaming.stateStore.providerClass";
    public static final String SHUFFLE_PARTITIONS_KEY = "spark.sql.shuffle.partitions";

    private Checkpoint() {}

    /**
     * The shuffle partitions a stateful streaming query of the run holds its state in (the most, when several do):
     * what its checkpoint pins. Empty for a batch run or queries without state.
     */
    public static Optional<Integer> pinnedShufflePartitions(RunFacts run) {
        return run.streaming().stream().flatMap(q -> q.last().stream()).map(MicroBatch::stateOperators)
                .flatMap(ops -> ops.stream().map(StateOperatorProgress::numShufflePartitions)).filter(n -> n > 0)
                .reduce(Math::max);
    }
}
