package io.sparkadvisor.rules.infrastructure.fallingbehind;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * falling-behind: a streaming query whose input outruns its processing over its recent batches; decided (and its
 * cause) in falling-behind.drl, advised by {@link FallingBehindAdvice}. A reliability rule: a backlog that grows never
 * clears, so its severity stands whatever the saving.
 */
public final class FallingBehindRule {
    public static final String ID = "falling-behind";
    private static final String ANCHORS = "../shared/reference/anchors-2026-12.md section 5.3";

    public static final Threshold MIN_BATCHES = new Threshold(ID + ".minBatches", 3, 2, 100, "micro-batches",
            "Judged over the query's recent batches (the last 100 at most); fewer than this say nothing persistent.",
            OURS + "the signals table asks for 10 progress events (" + ANCHORS + ") of a query that keeps its trigger; one"
                    + " that falls behind writes fewer, longer batches (3 batches of 30-60 s on a 2 s trigger in the corpus)");
    public static final Threshold MIN_BEHIND_SHARE = new Threshold(ID + ".minBehindShare", 0.6, 0, 1,
            "share of recent batches", "The backlog grew after (Kafka), or input rows per second exceeded processed rows per"
                    + " second in, at least this share of the recent batches: persistently, not one slow batch.",
            OURS + "most batches, so a burst that the next batches absorb does not count");
    public static final Threshold BACK_TO_BACK_SLACK = new Threshold(ID + ".backToBackSlack", 0.1, 0, 10,
            "share of the batch before's duration", "Without offsets behind latest, a batch counts as behind only when it"
                    + " started at most this share of the batch before's duration after that one ended: the query had no idle"
                    + " time to catch up in.",
            OURS + "Spark starts an overdue trigger at once; the event log shows 2 ms to 0.9% of the batch before (304 ms"
                    + " after a 32 s batch in the corpus), while a query with slack idles a quarter of its interval or more");
    public static final Threshold MIN_RATE_RATIO = new Threshold(ID + ".minRateRatio", 1.1, 1, 100,
            "rows arrived / rows processed", "Over the recent batches at least this many times the rows processed arrived.",
            OURS + "10% above is more than the rates' batch-to-batch noise");
    public static final Threshold HIGH_RATE_RATIO = new Threshold(ID + ".highRateRatio", 2, 1, 100,
            "rows arrived / rows processed", "From this factor twice what is worked arrives.",
            OURS + "twice as much arriving as processed");
    public static final Threshold MAX_WAITING_CPU_SHARE = new Threshold(ID + ".maxWaitingCpuShare", 0.5, 0, 1,
            "executor CPU time / executor run time of the batches' tasks",
            "At or below this share the batches' tasks wait (on Kafka, an external service) while holding their slots.",
            OURS + "the seeds' story: CPU at 20-50% while the job falls behind; above half, the tasks compute");
    public static final Threshold MAX_PARTITION_SHARE = new Threshold(ID + ".maxPartitionShare", 0.5, 0, 1,
            "Kafka partitions / task slots", "At or below this share the narrow Kafka read is the cause.",
            OURS + "as source-parallelism: half the slots idle on every read");
    public static final Threshold MIN_ROWS_SPREAD = new Threshold(ID + ".minRowsSpread", 4, 1, 1_000_000,
            "largest batch's rows / median batch's rows",
            "Batches this much larger than the median mean the source hands over whatever piled up: the batch size is unbounded.",
            OURS + "four times the median batch is a backlog, not the input's own variation");
    public static final Threshold STEP1_FACTOR = new Threshold(ID + ".step1Factor", 1.5, 1, 4, "x the node's cores",
            "First step for SPARK_WORKER_CORES when the tasks wait.", OURS + "the seeds: 1.5x the cores first");
    public static final Threshold STEP2_FACTOR = new Threshold(ID + ".step2Factor", 2, 1, 8, "x the node's cores",
            "Second step for SPARK_WORKER_CORES, after step 1 held.", OURS + "the seeds: then 2x");
    public static final Threshold MAX_GC_SHARE_AFTER = new Threshold(ID + ".maxGcShareAfter", 0.1, 0, 1, "GC time / run time",
            "After a step, GC above this share means memory broke first: roll back.",
            "https://github.com/linkedin/dr-elephant (GC time / run time of 0.1 is its moderate severity), as io-bound-slots");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_RATE_RATIO);

    public static final Rule<FallingBehindEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, FallingBehindEvidence.class,
            FallingBehindEvidence::of, FallingBehindAdvice::remedy, List.of(MIN_BATCHES, MIN_BEHIND_SHARE, BACK_TO_BACK_SLACK, MIN_RATE_RATIO,
                    HIGH_RATE_RATIO, MAX_WAITING_CPU_SHARE, MAX_PARTITION_SHARE, MIN_ROWS_SPREAD, STEP1_FACTOR, STEP2_FACTOR,
                    MAX_GC_SHARE_AFTER),
            List.of(SEVERITY), FindingChart.STREAMING_RATES, true);

    private FallingBehindRule() {}
}
