package io.sparkadvisor.rules.infrastructure.fallingbehind;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.SourceProgress;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.iobound.IoBoundEvidence;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.infrastructure.iobound.IoBoundEvidence.Blocker;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A streaming query over its recent batches (the last {@link StreamingQueryFacts#RECENT_WINDOW} at most): how often
 * and by how much its input outran its processing, whether the backlog grew, and what the batches' tasks did. The
 * cost is an always-on cluster's, per hour and per week: what adding nodes to keep up would cost, which more slots per
 * node avoid when the tasks wait.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param batches recent batches judged
 * @param behindShare share of them after which the source was further behind latest than before (Kafka); without
 *        offsets behind, the share that started as soon as the batch before ended and whose input rows per second
 *        exceeded the processed rows per second
 * @param rateRatio what arrived over what was processed: 1 + the backlog's growth / the rows read (Kafka), else input
 *        rows per second / processed rows per second
 * @param offsetsBehindFirst the most offsets a source was behind latest in the first of them that reports it (-1 none)
 * @param offsetsBehindLast the same in the last of them (-1 none)
 * @param offsetsBehindSlope the least-squares trend of offsets behind latest, per batch (0 when not reported)
 * @param cpuShare executor CPU time / executor run time of their tasks (1 when they ran no task)
 * @param slots task slots of the run
 * @param kafkaPartitions the fewest partitions of a Kafka source in the last batch (0 when none is Kafka)
 * @param partitionShare Kafka partitions / slots (1 when no source is Kafka)
 * @param rowsSpread the largest batch's input rows / the median batch's
 * @param autoscaling whether the cluster autoscales (false when unknown: a fixed size is assumed)
 * @param workerCores cores of a worker node
 * @param step1 SPARK_WORKER_CORES at step 1
 * @param step2 SPARK_WORKER_CORES at step 2
 * @param rowsPerTrigger rows the query processes in one median batch interval at its median processed rate: the cap
 *        for maxOffsetsPerTrigger
 * @param source the first source's description
 * @param nodesAvoidedPerHour core-hours an hour that adding nodes to keep up would cost: (rateRatio - 1) x slots
 * @param nodesAvoidedPerWeek the same for a week (168 hours)
 * @param dollarsPerHour the workers' list price an hour x (rateRatio - 1); 0 when the cluster or its price is unknown
 * @param dollarsPerWeek the same for a week
 * @param blocker what keeps SPARK_WORKER_CORES from working on this cluster
 * @param cluster the cluster's shape, when known
 * @param alwaysOn the always-on cluster over the judged batches, on which the nodes avoided are priced
 */
public record FallingBehindEvidence(String queryId, String queryName, int batches, double behindShare, double rateRatio,
        long offsetsBehindFirst, long offsetsBehindLast, double offsetsBehindSlope, double cpuShare, int slots,
        int kafkaPartitions, double partitionShare, double rowsSpread, boolean autoscaling, int workerCores, int step1,
        int step2, long rowsPerTrigger, String source, double nodesAvoidedPerHour, double nodesAvoidedPerWeek,
        double dollarsPerHour, double dollarsPerWeek, @Internal Blocker blocker, @Internal Optional<ClusterShape> cluster,
        @Internal AlwaysOn alwaysOn) implements Evidence {

    public static List<FallingBehindEvidence> of(RunView run, Thresholds t) {
        return run.facts().streaming().stream().filter(q -> q.recent().size() >= 2).map(q -> of(run, q, t)).toList();
    }

    private static FallingBehindEvidence of(RunView run, StreamingQueryFacts q, Thresholds t) {
        List<MicroBatch> recent = q.recent();
        MicroBatch last = recent.get(recent.size() - 1);
        List<MicroBatch> reporting = recent.stream().filter(b -> b.offsetsBehindLatest().isPresent()).toList();
        double behindShare = reporting.size() >= 2 ? grewShare(reporting)
                : outrunShare(recent, t.get(FallingBehindRule.BACK_TO_BACK_SLACK));
        double ratio = Double.isNaN(q.recentArrivalRatio()) ? 0 : q.recentArrivalRatio();
        long run1 = recent.stream().mapToLong(b -> b.work().executorRunTimeMs()).sum();
        long cpu = recent.stream().mapToLong(b -> b.work().executorCpuTimeMs()).sum();
        int slots = Math.max(1, run.slots());
        int partitions = last.sources().stream().mapToInt(SourceProgress::kafkaPartitions).filter(p -> p > 0).min().orElse(0);
        long[] rows = recent.stream().mapToLong(MicroBatch::numInputRows).sorted().toArray();
        long medianRows = rows[rows.length / 2];
        long[] gaps = new long[recent.size() - 1];
        for (int i = 1; i < recent.size(); i++) {
            gaps[i - 1] = recent.get(i).timestampMs() - recent.get(i - 1).timestampMs();
        }
        Arrays.sort(gaps);
        double[] processed = recent.stream().mapToDouble(MicroBatch::processedRowsPerSecond).sorted().toArray();
        long rowsPerTrigger = Math.round(processed[processed.length / 2] * gaps[gaps.length / 2] / 1000.0);
        int cores = run.workerCores();
        double excess = Math.max(0, ratio - 1);
        AlwaysOn alwaysOn = AlwaysOn.of(run, q).over(recent);
        int week = AlwaysOn.HOURS_PER_WEEK;
        return new FallingBehindEvidence(q.id(), q.name(), recent.size(), behindShare, ratio,
                reporting.isEmpty() ? -1 : reporting.get(0).offsetsBehindLatest().orElseThrow(),
                reporting.isEmpty() ? -1 : reporting.get(reporting.size() - 1).offsetsBehindLatest().orElseThrow(),
                slope(reporting), run1 > 0 ? (double) cpu / run1 : 1, slots, partitions,
                partitions > 0 ? (double) partitions / slots : 1, medianRows > 0 ? (double) rows[rows.length - 1] / medianRows : 1,
                run.cluster().map(ClusterShape::autoscaling).orElse(false), cores,
                (int) Math.round(cores * t.get(FallingBehindRule.STEP1_FACTOR)),
                (int) Math.round(cores * t.get(FallingBehindRule.STEP2_FACTOR)), rowsPerTrigger,
                last.sources().isEmpty() ? "" : last.sources().get(0).description(), alwaysOn.coreHoursPerHour(excess),
                alwaysOn.coreHoursPerHour(excess) * week, alwaysOn.dollarsPerHour(excess), alwaysOn.dollarsPerHour(excess) * week,
                IoBoundEvidence.blocker(run.cluster()), run.cluster(), alwaysOn);
    }

    /** How much more arrives than is processed, as a share of the cluster: what keeping up by adding nodes would cost. */
    double excess() {
        return Math.max(0, rateRatio - 1);
    }

    /**
     * The share of batches that started as soon as the one before ended (no idle time between them) and read rows
     * faster than they processed them. Spark computes the two rates over different intervals, so a query with slack
     * between its batches can show a higher input rate while it keeps up.
     */
    private static double outrunShare(List<MicroBatch> recent, double slack) {
        int outrun = 0;
        for (int i = 1; i < recent.size(); i++) {
            MicroBatch before = recent.get(i - 1);
            MicroBatch b = recent.get(i);
            boolean backToBack = b.timestampMs() - before.timestampMs() <= before.triggerExecutionMs() * (1 + slack);
            outrun += backToBack && b.inputRowsPerSecond() > b.processedRowsPerSecond() ? 1 : 0;
        }
        return (double) outrun / (recent.size() - 1);
    }

    /** The share of batches after which the source was further behind than after the one before. */
    private static double grewShare(List<MicroBatch> reporting) {
        int grew = 0;
        for (int i = 1; i < reporting.size(); i++) {
            grew += reporting.get(i).offsetsBehindLatest().orElseThrow() > reporting.get(i - 1).offsetsBehindLatest().orElseThrow() ? 1 : 0;
        }
        return (double) grew / (reporting.size() - 1);
    }

    /** Offsets behind latest by batch id, least squares; 0 with fewer than two batches reporting. */
    private static double slope(List<MicroBatch> batches) {
        int n = batches.size();
        if (n < 2) {
            return 0;
        }
        double mx = batches.stream().mapToLong(MicroBatch::batchId).average().orElse(0);
        double my = batches.stream().mapToLong(b -> b.offsetsBehindLatest().orElseThrow()).average().orElse(0);
        double num = 0;
        double den = 0;
        for (MicroBatch b : batches) {
            double dx = b.batchId() - mx;
            num += dx * (b.offsetsBehindLatest().orElseThrow() - my);
            den += dx * dx;
        }
        return den > 0 ? num / den : 0;
    }

    public boolean kafka() {
        return kafkaPartitions > 0;
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
