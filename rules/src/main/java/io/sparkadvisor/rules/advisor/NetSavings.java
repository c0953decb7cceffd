package io.sparkadvisor.rules.advisor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Savings of findings that claim time of the same stage are shared out, not added up: in the order the
 * findings rank, each one keeps what it saves of the time its stages have left after the findings before
 * it (two remedies on one stage save together at most the stage's time). A finding whose stages no
 * earlier finding claimed keeps its saving as its rule computed it; a finding not tied to a stage is not
 * netted.
 */
final class NetSavings {
    /** A finding and the stages its saving was computed on (the merged finding may name more). */
    record Claim(Finding finding, List<Integer> stageIds) {}

    private final Map<Integer, Long> stageWallMs;
    private final Map<Integer, Double> claimedMs = new HashMap<>();
    private final Map<Integer, Set<String>> claimedBy = new HashMap<>();

    private NetSavings(Map<Integer, Long> stageWallMs) {
        this.stageWallMs = stageWallMs;
    }

    /** {@code ranked}: the findings in rank order; returns them in the same order with net savings. */
    static List<Claim> net(List<Claim> ranked, Map<Integer, Long> stageWallMs) {
        NetSavings ledger = new NetSavings(stageWallMs);
        return ranked.stream().map(ledger::take).toList();
    }

    private Claim take(Claim c) {
        List<Integer> stages = c.stageIds().stream().filter(s -> stageWallMs.getOrDefault(s, 0L) > 0).toList();
        if (stages.isEmpty()) {
            return c;
        }
        Savings gross = c.finding().savings();
        long wall = stages.stream().mapToLong(stageWallMs::get).sum();
        double left = Math.max(0, wall - stages.stream().mapToDouble(s -> claimedMs.getOrDefault(s, 0.0)).sum());
        Set<String> before = new LinkedHashSet<>();
        stages.forEach(s -> before.addAll(claimedBy.getOrDefault(s, Set.of())));
        Savings net = gross;
        if (!before.isEmpty()) {
            double share = left / wall;
            double runtime = Math.min(gross.runtimeMs() * share, left);
            net = gross.netOf(gross.runtimeMs() > 0 ? runtime / gross.runtimeMs() : share, List.copyOf(before));
        }
        for (int s : stages) {
            claimedMs.merge(s, (double) net.runtimeMs() * stageWallMs.get(s) / wall, Double::sum);
            claimedBy.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(c.finding().rule());
        }
        return new Claim(c.finding().withSavings(net), c.stageIds());
    }
}
