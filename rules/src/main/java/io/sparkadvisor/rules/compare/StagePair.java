package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.StageMatch;
import io.sparkadvisor.rules.advisor.StageMatcher;
import io.sparkadvisor.rules.advisor.StageSignature;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stage of the baseline and the stage of the run that does its work ({@link StageMatcher}), or a stage only one of
 * them ran: {@code baseline} empty for a stage the run added, {@code run} empty for one it dropped.
 */
public record StagePair(Optional<StageWork> baseline, Optional<StageWork> run, double similarity) {

    /** The stage's share of the run's wall time minus its share of the baseline's. */
    public long deltaMs() {
        return run.map(StageWork::shareMs).orElse(0L) - baseline.map(StageWork::shareMs).orElse(0L);
    }

    public boolean matched() {
        return baseline.isPresent() && run.isPresent();
    }

    /** Pairs each baseline stage with the run's stage that does its work, one to one (the more alike claim wins). */
    static List<StagePair> of(RunView baseline, RunView run, StageMatcher matcher) {
        WallShares baseShares = WallShares.of(baseline.facts());
        WallShares runShares = WallShares.of(run.facts());
        List<StageSignature> baseStages = StageSignature.allOf(baseline);
        List<StageSignature> runStages = StageSignature.allOf(run);
        Map<Integer, StageMatch> claims = new HashMap<>();
        for (StageSignature wanted : baseStages) {
            StageMatch m = matcher.find(wanted, runStages);
            if (m.found()) {
                claims.merge(m.stageId(), m, (a, b) -> b.similarity() > a.similarity() ? b : a);
            }
        }
        Map<Integer, StageMatch> byBaseline = new HashMap<>();
        claims.values().forEach(m -> byBaseline.put(m.wanted().stageId(), m));
        List<StagePair> out = new ArrayList<>();
        for (StageSignature b : baseStages) {
            StageWork before = StageWork.of(baseline, b, baseShares);
            StageMatch m = byBaseline.get(b.stageId());
            Optional<StageWork> after = m == null ? Optional.empty() : runStages.stream().filter(s -> s.stageId() == m.stageId())
                    .findFirst().map(s -> StageWork.of(run, s, runShares));
            out.add(new StagePair(Optional.of(before), after, m == null ? 0 : m.similarity()));
        }
        runStages.stream().filter(s -> !claims.containsKey(s.stageId()))
                .forEach(s -> out.add(new StagePair(Optional.empty(), Optional.of(StageWork.of(run, s, runShares)), 0)));
        out.sort(Comparator.comparingInt(p -> p.run().or(p::baseline).map(StageWork::stageId).orElse(0)));
        return out;
    }
}
