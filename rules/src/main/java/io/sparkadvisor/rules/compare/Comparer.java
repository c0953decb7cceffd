package io.sparkadvisor.rules.compare;

import static io.sparkadvisor.rules.compare.StageAttribution.signed;
import static io.sparkadvisor.rules.compare.StageAttribution.text;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.StageMatcher;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Compares a run with a baseline run of its job: pairs their stages by what they do, splits the run-time difference
 * into each stage's share and the driver's time outside stages, puts each stage's share down to its causes
 * ({@link StageAttribution}), names the settings and plan changes behind them, and ranks the causes by the time each
 * explains. A difference within noise names no cause.
 */
public final class Comparer {
    private final Thresholds thresholds;
    private final StageMatcher matcher;

    public Comparer(Thresholds thresholds) {
        this.thresholds = thresholds;
        this.matcher = new StageMatcher(thresholds);
    }

    public Comparison compare(RunFacts run, RunFacts baseline) {
        List<StagePair> pairs = StagePair.of(new RunView(baseline), new RunView(run), matcher);
        List<SettingChange> settings = SettingChange.between(baseline, run);
        Optional<JoinFlip> flip = JoinFlip.between(baseline, run);
        WallShares runWall = WallShares.of(run);
        WallShares baseWall = WallShares.of(baseline);
        long delta = run.application().durationMs() - baseline.application().durationMs();
        long noise = Math.round(Math.max(thresholds.get(CompareThresholds.NOISE_SHARE) * baseline.application().durationMs(),
                thresholds.get(CompareThresholds.MIN_DELTA_MS)));
        Map<String, Object> summary = new LinkedHashMap<>(Map.of("run", Format.duration(run.application().durationMs()),
                "baseline", Format.duration(baseline.application().durationMs()), "delta", signed(delta),
                "share", (delta >= 0 ? "+" : "") + Format.percent((double) delta / Math.max(1, baseline.application().durationMs())),
                "noise", Format.duration(noise), "stages", signed(delta - (runWall.outsideStagesMs() - baseWall.outsideStagesMs())),
                "outside", signed(runWall.outsideStagesMs() - baseWall.outsideStagesMs())));
        List<String> plan = planChanges(pairs, flip);
        double noiseShare = thresholds.get(CompareThresholds.NOISE_SHARE);
        long minDelta = (long) thresholds.get(CompareThresholds.MIN_DELTA_MS);
        List<StagePair> moved = pairs.stream().filter(p -> Math.abs(p.deltaMs()) >= Math.max(thresholds.get(CompareThresholds.MIN_STAGE_DELTA_MS),
                noiseShare * p.baseline().map(StageWork::shareMs).orElse(0L))).toList();
        List<Part> parts = new ArrayList<>();
        pairs.forEach(p -> parts.addAll(parts(p)));
        List<Cause> causes = causes(parts, settings, flip, delta, delta - (runWall.outsideStagesMs() - baseWall.outsideStagesMs()));
        if (Math.abs(delta) < noise && causes.stream().noneMatch(c -> beyondNoise(c, pairs, noiseShare, minDelta))) {
            return new Comparison(run.application(), baseline.application(), delta, noise, true, runWall, baseWall, pairs, moved,
                    settings, plan, List.of(), delta, text("summaryNoise", summary), "");
        }
        long unexplained = delta - causes.stream().mapToLong(Cause::ms).sum() - (runWall.outsideStagesMs() - baseWall.outsideStagesMs());
        String unexplainedText = Math.abs(unexplained) * 100 < Math.abs(delta) ? text("allExplained", Map.of())
                : text("unexplained", Map.of("share", Format.percent((double) unexplained / delta), "ms", signed(unexplained)));
        return new Comparison(run.application(), baseline.application(), delta, noise, false, runWall, baseWall, pairs, moved, settings,
                plan, causes, unexplained, text("summarySlower", summary), unexplainedText);
    }

    /**
     * Whether a cause of the job (not the machine's task speed) moved its stages beyond their noise: a run whose total
     * is within noise still changed when a stage got much slower while the driver's start-up got faster.
     */
    private static boolean beyondNoise(Cause c, List<StagePair> pairs, double noiseShare, long minDeltaMs) {
        long baselineMs = pairs.stream().filter(p -> p.run().map(s -> c.stageIds().contains(s.stageId())).orElse(false))
                .mapToLong(p -> p.baseline().map(StageWork::shareMs).orElse(0L)).sum();
        return c.kind() != CauseKind.TASK_SPEED && Math.abs(c.ms()) >= Math.max(minDeltaMs, noiseShare * baselineMs);
    }

    /** A stage's parts, on its share of the run's wall time: stages that overlap others count only their share. */
    private List<Part> parts(StagePair pair) {
        if (!pair.matched()) {
            return List.of(pair.run().map(s -> StageAttribution.replanned(s, true))
                    .orElseGet(() -> StageAttribution.replanned(pair.baseline().orElseThrow(), false)));
        }
        StageWork b = pair.baseline().orElseThrow();
        StageWork r = pair.run().orElseThrow();
        List<Part> onWall = StageAttribution.of(b, r, new StageAttribution.Limits(thresholds.get(CompareThresholds.INPUT_CHANGE_RATIO),
                (long) thresholds.get(CompareThresholds.MIN_STAGE_DELTA_MS), thresholds.get(SkewRule.MIN_RATIO),
                (long) thresholds.get(CompareThresholds.MIN_SPILL_GROWTH_BYTES)));
        long wallDelta = r.wallMs() - b.wallMs();
        double factor = wallDelta == 0 || Long.signum(wallDelta) != Long.signum(pair.deltaMs()) ? 0
                : Math.min(1, (double) pair.deltaMs() / wallDelta);
        if (factor > 0.99) {
            return onWall;
        }
        return onWall.stream().map(p -> new Part(p.kind(), p.stageId(), p.ms() * factor, text("overlap",
                Map.of("arithmetic", p.arithmetic(), "counted", signed(p.ms() * factor))))).toList();
    }

    /**
     * The parts summed by cause, ranked by the time each explains in the direction of the stages' difference (the
     * driver's time outside stages, which may move the other way, is no cause).
     */
    private static List<Cause> causes(List<Part> parts, List<SettingChange> settings, Optional<JoinFlip> flip, long delta,
            long stagesDelta) {
        Map<CauseKind, List<Part>> byKind = parts.stream().filter(p -> Math.round(p.ms()) != 0)
                .collect(Collectors.groupingBy(Part::kind, LinkedHashMap::new, Collectors.toList()));
        List<Cause> out = new ArrayList<>();
        byKind.forEach((kind, ps) -> {
            long ms = Math.round(ps.stream().mapToDouble(Part::ms).sum());
            List<Integer> stages = ps.stream().map(Part::stageId).filter(id -> id >= 0).distinct().sorted().toList();
            String named = stages.isEmpty() ? "" : (stages.size() == 1 ? "stage " : "stages ")
                    + stages.stream().map(String::valueOf).collect(Collectors.joining(", "));
            String what = kind == CauseKind.PLAN ? flip.map(Comparer::flipText).orElse(text("planStages", Map.of())) : "";
            String title = text("title." + kind.id(), Map.of("stages", named, "what", what));
            out.add(new Cause(kind, title, ms, delta == 0 ? 0 : (double) ms / delta, stages,
                    ps.stream().map(Part::arithmetic).toList(), kind.because(settings)));
        });
        out.sort(Comparator.comparingDouble((Cause c) -> c.ms() * Math.signum(stagesDelta)).reversed());
        return out;
    }

    private static List<String> planChanges(List<StagePair> pairs, Optional<JoinFlip> flip) {
        List<String> out = new ArrayList<>();
        flip.ifPresent(f -> out.add(flipText(f)));
        pairs.stream().filter(p -> !p.matched()).forEach(p -> out.add(p.run().map(s -> StageAttribution.replanned(s, true))
                .orElseGet(() -> StageAttribution.replanned(p.baseline().orElseThrow(), false)).arithmetic()));
        return out;
    }

    static String flipText(JoinFlip f) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("before", threshold(f.thresholdBefore()));
        v.put("after", threshold(f.thresholdAfter()));
        v.put("size", f.broadcastBytes().isPresent() ? Format.bytes(f.broadcastBytes().getAsLong()) : "");
        String why = f.thresholdChanged() ? text("flipThreshold", v)
                : f.broadcastBytes().isPresent() ? text("flipGrew", v) : text("flipSize", v);
        return text("planFlip", Map.of("from", f.from(), "to", f.to(), "why", why));
    }

    private static String threshold(long bytes) {
        return bytes < 0 ? text("broadcastOff", Map.of()) : Format.bytes(bytes);
    }
}
