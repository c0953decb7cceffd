package io.sparkadvisor.rules.serverless.spill;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_HISTORY;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-spill: a statement of a serverless run spilled to disk (query history's spilled bytes); decided in
 * serverless-spill.drl, advised by {@link ServerlessSpillAdvice}. Serverless sizes its memory itself, so the remedy is
 * in the statement: less data per operator.
 */
public final class ServerlessSpillRule {
    public static final String ID = "serverless-spill";

    public static final Threshold MIN_BYTES = new Threshold(ID + ".minBytes", 1L << 30, 0, 1e15, "bytes",
            "A statement must spill at least this much to disk before its spill counts.",
            QUERY_HISTORY + " (spilled_local_bytes); " + OURS + "1 GiB, where a spill costs seconds of disk I/O on a serverless node");
    public static final Threshold MIN_RATIO = new Threshold(ID + ".minRatio", 0.1, 0, 1e6, "bytes spilled / bytes read",
            "A statement must spill at least this share of what it read.",
            DR_ELEPHANT_TUNING + " (spill over 10% of the stage's data is its first rung)");

    public static final Rule<ServerlessSpillEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, ServerlessSpillEvidence.class,
            ServerlessSpillEvidence::of, ServerlessSpillAdvice::remedy, List.of(MIN_BYTES, MIN_RATIO), List.of(), FindingChart.NONE);

    private ServerlessSpillRule() {}
}
