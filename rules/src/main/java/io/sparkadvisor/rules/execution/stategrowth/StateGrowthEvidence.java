package io.sparkadvisor.rules.execution.stategrowth;

import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StateOperatorProgress;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.streaming.Checkpoint;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * A stateful streaming query's state over its recent batches (the last {@link StreamingQueryFacts#RECENT_WINDOW} at
 * most): whether its rows grow batch over batch, whether anything leaves it, and where it will be in a week at the
 * rate the log shows. An always-on query keeps what it adds, so the week is what matters, not the run.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param operators the stateful operators, as Spark names them
 * @param batches recent batches judged
 * @param growingShare share of consecutive recent batches whose state rows rose
 * @param rowsFirst state rows in the first recent batch (all operators)
 * @param rowsLast state rows in the last
 * @param memoryFirstBytes state memory in the first recent batch
 * @param memoryLastBytes state memory in the last
 * @param rowsUpdated rows the recent batches updated in the state
 * @param rowsRemoved rows the recent batches removed from it
 * @param removedShare rowsRemoved / rowsUpdated
 * @param rowsPerHour the state's growth an hour over the recent batches
 * @param memoryBytesPerHour the state memory's growth an hour
 * @param weekRows the rows the state holds a week after the log's end, growing as now
 * @param weekMemoryBytes the state memory a week after the log's end
 * @param stateShufflePartitions the state's partitions, fixed by the checkpoint
 * @param watermark whether the query has an event-time watermark
 * @param rocksDb whether the state store is already RocksDB (its metrics or the provider setting say so)
 * @param databricks whether the run is on Databricks (its own RocksDB provider)
 */
public record StateGrowthEvidence(String queryId, String queryName, List<String> operators, int batches, double growingShare,
        long rowsFirst, long rowsLast, long memoryFirstBytes, long memoryLastBytes, long rowsUpdated, long rowsRemoved,
        double removedShare, double rowsPerHour, double memoryBytesPerHour, long weekRows, long weekMemoryBytes,
        int stateShufflePartitions, boolean watermark, boolean rocksDb, @Internal boolean databricks) implements Evidence {

    public static List<StateGrowthEvidence> of(RunView run, Thresholds t) {
        return run.facts().streaming().stream()
                .filter(q -> q.recent().size() >= 2 && q.recent().stream().anyMatch(b -> !b.stateOperators().isEmpty()))
                .map(q -> of(run, q)).toList();
    }

    private static StateGrowthEvidence of(RunView run, StreamingQueryFacts q) {
        List<MicroBatch> recent = q.recent();
        MicroBatch first = recent.get(0);
        MicroBatch last = recent.get(recent.size() - 1);
        int rising = 0;
        for (int i = 1; i < recent.size(); i++) {
            rising += recent.get(i).stateRowsTotal() > recent.get(i - 1).stateRowsTotal() ? 1 : 0;
        }
        List<StateOperatorProgress> ops = recent.stream().flatMap(b -> b.stateOperators().stream()).toList();
        long updated = ops.stream().mapToLong(StateOperatorProgress::numRowsUpdated).sum();
        long removed = ops.stream().mapToLong(StateOperatorProgress::numRowsRemoved).sum();
        long spanMs = last.timestampMs() - first.timestampMs();
        double rowsPerHour = AlwaysOn.perHour(Math.max(0, last.stateRowsTotal() - first.stateRowsTotal()), spanMs);
        double bytesPerHour = AlwaysOn.perHour(Math.max(0, last.stateMemoryBytes() - first.stateMemoryBytes()), spanMs);
        boolean rocksDb = ops.stream().anyMatch(o -> o.customMetrics().keySet().stream().anyMatch(k -> k.startsWith("rocksdb")))
                || run.sparkSetting(Checkpoint.PROVIDER_KEY).filter(p -> p.contains("RocksDB")).isPresent();
        return new StateGrowthEvidence(q.id(), q.name(),
                last.stateOperators().stream().map(StateOperatorProgress::operatorName).distinct().toList(), recent.size(),
                (double) rising / (recent.size() - 1), first.stateRowsTotal(), last.stateRowsTotal(),
                first.stateMemoryBytes(), last.stateMemoryBytes(), updated, removed,
                updated > 0 ? (double) removed / updated : 0, rowsPerHour, bytesPerHour,
                Math.round(last.stateRowsTotal() + rowsPerHour * AlwaysOn.HOURS_PER_WEEK),
                Math.round(last.stateMemoryBytes() + bytesPerHour * AlwaysOn.HOURS_PER_WEEK),
                last.stateOperators().stream().mapToInt(StateOperatorProgress::numShufflePartitions).max().orElse(0),
                recent.stream().anyMatch(b -> b.watermarkMs().isPresent()), rocksDb, run.facts().platform().databricks());
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
