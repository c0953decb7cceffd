package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds shared by every layer. */
public final class GeneralThresholds {
    public static final String MIN_STAGE_WALL_MS = "general.minStageWallMs";
    public static final String HIGH_APP_SHARE = "general.highAppShare";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(MIN_STAGE_WALL_MS, 5_000, 0, 86_400_000, "milliseconds",
                    "A stage shorter than this raises nothing, whatever its ratios: there is no money in it.",
                    "anchors §6.2 (DataFlint gates skew on a 5 s task; Dr. Elephant ignores < 5 min executors)"),
            new Threshold(HIGH_APP_SHARE, 0.25, 0, 1, "fraction of the application's wall time",
                    "A finding whose waste is at least this share of the run is high severity.",
                    "spark-advisor default; Sparklens reports per-stage wall-clock share for the same purpose"));

    private GeneralThresholds() {}
}
