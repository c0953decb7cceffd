package io.sparkadvisor.rules.compare;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** The thresholds of {@code compare}: when a difference is noise, when input or spill changed enough to count. */
public final class CompareThresholds {
    public static final Threshold NOISE_SHARE = new Threshold("compare.noiseShare", 0.15, 0, 1,
            "fraction of the baseline's duration",
            "Two runs whose durations differ by less than this share of the baseline (or by less than compare.minDeltaMs)"
                    + " are within the job's usual variation, and compare names no cause.",
            OURS + "an unchanged corpus job rerun back to back on the shared 2-vCPU machine (load 15-30) took 13% longer; a"
                    + " pair has no history band, and a job's runs spread by 10-15% from cluster start and storage latency alone");
    public static final Threshold MIN_DELTA_MS = new Threshold("compare.minDeltaMs", 3_000, 0, 3_600_000, "milliseconds",
            "A difference in run time below this is noise whatever its share: a short job's start-up varies by seconds.",
            OURS + "JVM and SparkContext start-up of an unchanged corpus job varies by 1-2 s under load");
    public static final Threshold MIN_STAGE_DELTA_MS = new Threshold("compare.minStageDeltaMs", 1_000, 0, 3_600_000,
            "milliseconds",
            "A stage whose share of the run time moved by less than this (and by less than compare.noiseShare of its"
                    + " baseline share) did not move: its difference still counts in the totals, but it is not listed.",
            OURS + "a second is below what a person notices in a job's run time");
    public static final Threshold INPUT_CHANGE_RATIO = new Threshold("compare.inputChangeRatio", 1.1, 1, 100,
            "x the baseline stage's records (bytes without records)",
            "A stage that read more than this many times its baseline's records (input and shuffle), or fewer than its"
                    + " inverse, did different work: the time scaling by the input explains is put down to input.",
            OURS + "the same job reads the same records to the row; a tenth more is beyond what a day's data varies by in"
                    + " the jobs the follow-up compares, and well below follow-up.inputChangeRatio's 1.2 for whole runs");
    public static final Threshold MIN_SPILL_GROWTH_BYTES = new Threshold("compare.minSpillGrowthBytes", 16L << 20, 0,
            1L << 50, "bytes",
            "A stage whose tasks' slowdown comes with at least this much more spill to disk than its baseline (scaled by its"
                    + " input) has that slowdown put down to spill.",
            OURS + "16 MiB written and read back is a measurable share of a second's task time on any disk");

    public static final List<Threshold> DECLARED = List.of(NOISE_SHARE, MIN_DELTA_MS, MIN_STAGE_DELTA_MS, INPUT_CHANGE_RATIO,
            MIN_SPILL_GROWTH_BYTES);

    private CompareThresholds() {}
}
