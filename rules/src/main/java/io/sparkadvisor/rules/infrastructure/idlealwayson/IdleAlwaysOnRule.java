package io.sparkadvisor.rules.infrastructure.idlealwayson;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * idle-always-on: a continuous streaming query whose triggers mostly find nothing, on a cluster that stays up for it;
 * decided in idle-always-on.drl, advised by {@link IdleAlwaysOnAdvice}.
 */
public final class IdleAlwaysOnRule {
    public static final String ID = "idle-always-on";
    private static final String ANCHORS = "../shared/reference/anchors-2026-12.md section 5.3 (idle cost)";
    private static final String AVAILABLE_NOW = "https://docs.databricks.com/en/structured-streaming/triggers.html"
            + " (Trigger.AvailableNow: process all available data, then stop; run it as a scheduled job)";

    public static final Threshold MIN_TRIGGERS = new Threshold(ID + ".minTriggers", 10, 2, 1_000_000,
            "progress and idle events", "Judged over the query's reported triggers; fewer say nothing about its habits.",
            OURS + "the signals table's \"over the last N >= 10 progress events\" (" + ANCHORS + ")");
    public static final Threshold MIN_IDLE_SHARE = new Threshold(ID + ".minIdleShare", 0.5, 0, 1,
            "(idle events + empty batches) / (batches + idle events)",
            "At least this share of the reported triggers found no new data. Spark reports an idle trigger at most every"
                    + " 10 s (spark.sql.streaming.noDataProgressEventInterval), so the share understates the idle triggers.",
            OURS + "mostly idle (" + ANCHORS + ")");
    public static final Threshold MAX_BUSY_SHARE = new Threshold(ID + ".maxBusyShare", 0.25, 0, 1,
            "time batches ran / time the query ran", "At most this share of the time the cluster worked on batches.",
            OURS + "a quarter of an always-on cluster's time used leaves three quarters to a schedule");
    public static final Threshold HIGH_BUSY_SHARE = new Threshold(ID + ".highBusyShare", 0.1, 0, 1,
            "time batches ran / time the query ran", "High at or below this share: nine tenths of the cluster's time idle.",
            OURS + "nine tenths of the bill for nothing");
    public static final Threshold SCHEDULE_MINUTES = new Threshold(ID + ".scheduleMinutes", 60, 1, 10_080, "minutes",
            "The schedule the saving assumes: one AvailableNow run this often.", AVAILABLE_NOW);
    public static final Threshold CLUSTER_START_MINUTES = new Threshold(ID + ".clusterStartMinutes", 5, 0, 60, "minutes",
            "What each scheduled run pays to start its job cluster before it reads.",
            OURS + "classic job clusters take minutes to start (" + AVAILABLE_NOW + ")");

    public static final Ladder SEVERITY = Ladder.mediumThenHighBelow(HIGH_BUSY_SHARE);

    public static final Rule<IdleAlwaysOnEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, IdleAlwaysOnEvidence.class,
            IdleAlwaysOnEvidence::of, IdleAlwaysOnAdvice::remedy, List.of(MIN_TRIGGERS, MIN_IDLE_SHARE, MAX_BUSY_SHARE,
                    HIGH_BUSY_SHARE, SCHEDULE_MINUTES, CLUSTER_START_MINUTES),
            List.of(SEVERITY), FindingChart.STREAMING_RATES);

    private IdleAlwaysOnRule() {}
}
