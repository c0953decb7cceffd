package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import java.util.List;

/**
 * A run compared with a baseline run of its job: the difference in run time, where it went (stages, the driver's time
 * outside them), what changed (settings, plan) and the causes the stages' shares are put down to, largest first. The
 * driver's time outside stages (start-up, planning, listing, between jobs) is a place the difference went, not a cause:
 * it is reported beside the causes and never ranked among them.
 *
 * @param noiseMs     a difference below this is within the usual variation
 * @param withinNoise the difference is below {@code noiseMs} and no cause of the job moved its stages beyond their noise
 * @param stages      every stage of either run, paired
 * @param moved       the stages whose share of the run moved beyond compare.minStageDeltaMs and compare.noiseShare
 * @param causes      ranked by the time each explains in the direction of the difference; empty when within noise
 * @param unexplainedMs the difference neither the causes nor the driver's time outside stages account for
 */
public record Comparison(ApplicationFacts run, ApplicationFacts baseline, long deltaMs, long noiseMs, boolean withinNoise,
        WallShares runWall, WallShares baselineWall, List<StagePair> stages, List<StagePair> moved, List<SettingChange> settings,
        List<String> planChanges, List<Cause> causes, long unexplainedMs, String summary, String unexplained) {

    public Comparison {
        stages = List.copyOf(stages);
        moved = List.copyOf(moved);
        settings = List.copyOf(settings);
        planChanges = List.copyOf(planChanges);
        causes = List.copyOf(causes);
    }

    /** The driver's time outside stages in the run minus the baseline's: where the rest of the difference went. */
    public long outsideDeltaMs() {
        return runWall.outsideStagesMs() - baselineWall.outsideStagesMs();
    }

    /** The share of the difference the causes and the time outside stages explain. */
    public double explainedShare() {
        return deltaMs == 0 ? 1 : 1 - (double) unexplainedMs / deltaMs;
    }
}
