package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import java.util.List;

/**
 * A run compared with a baseline run of its job: the difference in run time, where it went (stages, the driver's time
 * outside them), what changed (settings, plan) and the causes it is put down to, largest first.
 *
 * @param noiseMs     a difference below this is within the usual variation
 * @param stages      every stage of either run, paired
 * @param moved       the stages whose share of the run moved beyond compare.minStageDeltaMs and compare.noiseShare
 * @param causes      ranked by the time each explains in the direction of the difference; empty when within noise
 * @param unexplainedMs the difference the causes do not account for
 */
public record Comparison(ApplicationFacts run, ApplicationFacts baseline, long deltaMs, long noiseMs,
        WallShares runWall, WallShares baselineWall, List<StagePair> stages, List<StagePair> moved, List<SettingChange> settings,
        List<String> planChanges, List<Cause> causes, long unexplainedMs, String summary, String unexplained) {

    public Comparison {
        stages = List.copyOf(stages);
        moved = List.copyOf(moved);
        settings = List.copyOf(settings);
        planChanges = List.copyOf(planChanges);
        causes = List.copyOf(causes);
    }

    public boolean withinNoise() {
        return Math.abs(deltaMs) < noiseMs;
    }

    /** The share of the difference the causes explain. */
    public double explainedShare() {
        return deltaMs == 0 ? 1 : 1 - (double) unexplainedMs / deltaMs;
    }
}
