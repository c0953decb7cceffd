package io.sparkadvisor.rules.serverless.queueing;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_HISTORY;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-queueing: a run's statements waited for compute (provisioning, or at capacity) for a large share of the
 * run; decided in serverless-queueing.drl, advised by {@link QueueingAdvice}. Waiting is not billed: the saving is time.
 */
public final class QueueingRule {
    public static final String ID = "serverless-queueing";

    public static final Threshold MIN_QUEUED_MS = new Threshold(ID + ".minQueuedMs", 60_000, 0, 1e10, "milliseconds",
            "The statements must wait at least this long in all before the wait counts.",
            QUERY_HISTORY + " (waiting_for_compute_duration_ms, waiting_at_capacity_duration_ms); " + OURS + "one minute");
    public static final Threshold MIN_SHARE = new Threshold(ID + ".minShare", 0.1, 0, 1, "queued time / run time",
            "The wait must be at least this share of the run.",
            OURS + "a tenth of the run");

    public static final Rule<QueueingEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, QueueingEvidence.class,
            QueueingEvidence::of, QueueingAdvice::remedy, List.of(MIN_QUEUED_MS, MIN_SHARE), List.of(), FindingChart.NONE);

    private QueueingRule() {}
}
