package io.sparkadvisor.rules.compare;

import static io.sparkadvisor.rules.compare.StageAttribution.signed;
import static io.sparkadvisor.rules.compare.StageAttribution.text;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.rules.advisor.Format;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The text report of {@code compare}: the summary, the causes with their arithmetic, the stages that moved, what changed. */
public final class ComparisonText {
    private ComparisonText() {}

    public static String render(Comparison c) {
        List<String> lines = new ArrayList<>();
        lines.add(text("report.header", Map.of("run", name(c.run()), "baseline", name(c.baseline()))));
        lines.add(c.summary());
        if (!c.withinNoise()) {
            lines.add("");
            lines.add(text("report.causes", Map.of()));
            for (int i = 0; i < c.causes().size(); i++) {
                Cause cause = c.causes().get(i);
                lines.add("  " + text("report.cause", Map.of("rank", i + 1, "title", cause.title(), "ms", signed(cause.ms()),
                        "share", Format.percent(cause.share()))));
                if (!cause.because().isEmpty()) {
                    lines.add("     " + text("because", Map.of("changes", String.join(", ",
                            cause.because().stream().map(SettingChange::toString).toList()))));
                }
                cause.arithmetic().forEach(a -> lines.add("     - " + a));
            }
            lines.add(text("report.outsideCause", outside(c)));
            lines.add(c.unexplained());
            lines.add("");
            lines.add(text("report.stages", Map.of()));
            c.moved().forEach(p -> lines.add("  " + stage(p)));
            lines.add("  " + text("report.outside", Map.of("delta", signed(c.outsideDeltaMs()))));
        }
        if (!c.settings().isEmpty()) {
            lines.add("");
            lines.add(text("report.settings", Map.of()));
            c.settings().forEach(s -> lines.add("  " + s.scope() + " " + s));
        }
        if (!c.planChanges().isEmpty()) {
            lines.add("");
            lines.add(text("report.plan", Map.of()));
            c.planChanges().forEach(p -> lines.add("  " + p));
        }
        return String.join("\n", lines);
    }

    private static String stage(StagePair p) {
        Map<String, Object> v = new HashMap<>();
        StageWork shown = p.run().or(p::baseline).orElseThrow();
        v.put("stage", shown.stageId());
        v.put("baseStage", p.matched() && p.baseline().orElseThrow().stageId() != shown.stageId() ? p.baseline().orElseThrow().stageId() : "");
        v.put("delta", signed(p.deltaMs()));
        v.put("share", Format.duration(p.run().map(StageWork::shareMs).orElse(0L)));
        v.put("baseShare", Format.duration(p.baseline().map(StageWork::shareMs).orElse(0L)));
        v.put("tasks", p.run().map(StageWork::tasks).orElse(0));
        v.put("baseTasks", p.baseline().map(StageWork::tasks).orElse(0));
        return text(p.run().isPresent() ? "report.stage" : "report.droppedStage", v);
    }

    private static Map<String, Object> outside(Comparison c) {
        WallShares run = c.runWall();
        WallShares base = c.baselineWall();
        return Map.of("after", Format.duration(run.outsideStagesMs()), "before", Format.duration(base.outsideStagesMs()),
                "first", Format.duration(run.beforeFirstStageMs()), "firstBefore", Format.duration(base.beforeFirstStageMs()),
                "between", Format.duration(run.betweenStagesMs()), "betweenBefore", Format.duration(base.betweenStagesMs()),
                "last", Format.duration(run.afterLastStageMs()), "lastBefore", Format.duration(base.afterLastStageMs()),
                "delta", signed(c.outsideDeltaMs()), "share", Format.percent(c.deltaMs() == 0 ? 0 : (double) c.outsideDeltaMs() / c.deltaMs()));
    }

    private static String name(ApplicationFacts a) {
        return a.name() + " (" + a.id() + ")";
    }
}
