package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds shared by every layer. */
public final class GeneralThresholds {
    public static final String MIN_STAGE_WALL_MS = "general.minStageWallMs";
    public static final String HIGH_APP_SHARE = "general.highAppShare";
    public static final String FOLLOW_UP_NOISE_RATIO = "followUp.noiseRatio";
    public static final String FOLLOW_UP_TRADE_OFF_RATIO = "followUp.tradeOffRatio";
    public static final String FOLLOW_UP_MIN_MEDIAN_TASK_MS = "followUp.minMedianTaskMs";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(MIN_STAGE_WALL_MS, 5_000, 0, 86_400_000, "milliseconds",
                    "A stage shorter than this raises nothing, whatever its ratios: there is no money in it.",
                    "anchors §6.2 (DataFlint gates skew on a 5 s task; Dr. Elephant ignores < 5 min executors)"),
            new Threshold(HIGH_APP_SHARE, 0.25, 0, 1, "fraction of the application's wall time",
                    "A finding whose waste is at least this share of the run is high severity.",
                    "spark-advisor default; Sparklens reports per-stage wall-clock share for the same purpose"),
            new Threshold(FOLLOW_UP_NOISE_RATIO, 1.05, 1, 2, "x the baseline run's duration",
                    "A step whose checks say the run must not get slower passes the follow-up up to this many times the"
                    + " baseline's duration (or the stage's wall time): the same job varies this much between runs with no change.",
                    "spark-advisor default: a few percent of run-to-run spread (cluster start, storage latency) on an unchanged job"),
            new Threshold(FOLLOW_UP_TRADE_OFF_RATIO, 1.1, 1, 4, "x the baseline run's duration",
                    "A step that trades some run time for cost or safety (fewer workers, more slots, more cores per task)"
                    + " passes the follow-up up to this many times the baseline's duration, as its rollback sentence says.",
                    "seed 000 (io-bound: roll back above 10% longer); the idle-slots and task-cpus rollbacks say 10% too"),
            new Threshold(FOLLOW_UP_MIN_MEDIAN_TASK_MS, 100, 0, 3_600_000, "milliseconds",
                    "After a step that adds partitions, the stage's median task must take at least this long: shorter"
                    + " tasks spend their time being scheduled and started rather than working.",
                    "Spark tuning guide (tasks as short as 200 ms are efficient), halved; the spill and idle-slots checks' 100 ms"));

    private GeneralThresholds() {}
}
