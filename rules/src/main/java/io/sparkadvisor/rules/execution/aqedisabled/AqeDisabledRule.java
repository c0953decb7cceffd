package io.sparkadvisor.rules.execution.aqedisabled;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * aqe-disabled: adaptive query execution turned off on a Spark that runs it by default, with shuffle stages
 * it would have coalesced or split; decided in aqe-disabled.drl, advised by {@link AqeDisabledAdvice}. It
 * shares partition-sizing's model of a tiny task. Severity is the run's share of the saving.
 */
public final class AqeDisabledRule {
    public static final String ID = "aqe-disabled";

    public static final Threshold MIN_COALESCE_FACTOR = new Threshold(ID + ".minCoalesceFactor", 4, 1, 1_000,
            "x fewer partitions",
            "A stage counts as one AQE would coalesce when it would run at least this many times fewer partitions.",
            OURS + "a smaller cut is within what the next run's data volume moves anyway");

    public static final Rule<AqeDisabledEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, AqeDisabledEvidence.class,
            AqeDisabledEvidence::of, AqeDisabledAdvice::remedy,
            List.of(MIN_COALESCE_FACTOR, PartitionSizingRule.SMALL_TASK_MS, PartitionSizingRule.TINY_TASK_OVERHEAD_SHARE),
            List.of(), FindingChart.NONE);

    private AqeDisabledRule() {}
}
