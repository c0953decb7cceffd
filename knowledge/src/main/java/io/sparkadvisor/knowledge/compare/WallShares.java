package io.sparkadvisor.knowledge.compare;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An application's wall time split so that the parts add up to its duration: each stage's share of the time it ran
 * (a millisecond in which k stages ran counts 1/k to each, so stages that overlap are not counted twice), and the
 * driver's time outside stages: before the first stage (start-up, planning, file listing), between stages (the driver
 * between jobs, a broadcast being collected) and after the last one.
 *
 * @param byStage           each stage id's share, in milliseconds (all its attempts together)
 * @param beforeFirstStageMs from the application's start to its first stage
 * @param betweenStagesMs   no stage running, between the first stage's start and the last stage's end
 * @param afterLastStageMs  from the last stage's end to the application's end
 */
public record WallShares(Map<Integer, Long> byStage, long beforeFirstStageMs, long betweenStagesMs, long afterLastStageMs) {

    public WallShares {
        byStage = Map.copyOf(byStage);
    }

    public long stageMs(int stageId) {
        return byStage.getOrDefault(stageId, 0L);
    }

    public long outsideStagesMs() {
        return beforeFirstStageMs + betweenStagesMs + afterLastStageMs;
    }

    public static WallShares of(RunFacts run) {
        long start = run.application().startMs();
        long end = Math.max(start, run.application().endMs());
        List<long[]> intervals = new ArrayList<>(); // {from, to, stageId}
        for (StageFacts s : run.stages()) {
            long from = Math.max(start, s.submittedMs());
            long to = Math.min(end, s.completedMs());
            if (s.submittedMs() > 0 && to > from) {
                intervals.add(new long[] {from, to, s.stageId()});
            }
        }
        if (intervals.isEmpty()) {
            return new WallShares(Map.of(), end - start, 0, 0);
        }
        TreeSet<Long> cuts = new TreeSet<>();
        intervals.forEach(i -> {
            cuts.add(i[0]);
            cuts.add(i[1]);
        });
        Map<Integer, Double> shares = new HashMap<>();
        long between = 0;
        Long previous = null;
        for (long cut : cuts) {
            if (previous != null) {
                long from = previous;
                List<Integer> running = intervals.stream().filter(i -> i[0] <= from && i[1] >= cut)
                        .map(i -> (int) i[2]).distinct().toList();
                if (running.isEmpty()) {
                    between += cut - from;
                } else {
                    running.forEach(id -> shares.merge(id, (double) (cut - from) / running.size(), Double::sum));
                }
            }
            previous = cut;
        }
        Map<Integer, Long> byStage = new HashMap<>();
        shares.forEach((id, ms) -> byStage.put(id, Math.round(ms)));
        return new WallShares(byStage, cuts.first() - start, between, end - cuts.last());
    }
}
