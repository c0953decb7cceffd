package io.sparkadvisor.rules.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.rules.advisor.Format;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;


/** The compare JSON contract (README "compare"): the two runs, the difference, stages, settings, plan and causes. */
public final class ComparisonJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ComparisonJson() {}

    public static String write(Comparison c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("run", application(c.run()));
        out.put("baseline", application(c.baseline()));
        out.put("deltaMs", c.deltaMs());
        out.put("noiseMs", c.noiseMs());
        out.put("withinNoise", c.withinNoise());
        out.put("summary", c.summary());
        out.put("causes", c.causes().stream().map(ComparisonJson::cause).toList());
        out.put("unexplainedMs", c.unexplainedMs());
        out.put("explainedShare", c.withinNoise() ? 0 : Format.round(c.explainedShare()));
        Map<String, Object> outside = new LinkedHashMap<>();
        outside.put("deltaMs", c.outsideDeltaMs());
        outside.put("run", wall(c.runWall()));
        outside.put("baseline", wall(c.baselineWall()));
        out.put("outsideStages", outside);
        out.put("stages", c.stages().stream().map(p -> stage(p, c.moved().contains(p))).toList());
        out.put("settings", c.settings().stream().map(ComparisonJson::setting).toList());
        out.put("planChanges", c.planChanges());
        try {
            return MAPPER.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> application(ApplicationFacts a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", a.id());
        out.put("name", a.name());
        out.put("sparkVersion", a.sparkVersion());
        out.put("durationMs", a.durationMs());
        return out;
    }

    private static Map<String, Object> cause(Cause c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", c.kind().id());
        out.put("title", c.title());
        out.put("ms", c.ms());
        out.put("share", Format.round(c.share()));
        out.put("stageIds", c.stageIds());
        out.put("because", c.because().stream().map(ComparisonJson::setting).toList());
        out.put("arithmetic", c.arithmetic());
        return out;
    }

    private static Map<String, Object> wall(WallShares w) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ms", w.outsideStagesMs());
        out.put("beforeFirstStageMs", w.beforeFirstStageMs());
        out.put("betweenStagesMs", w.betweenStagesMs());
        out.put("afterLastStageMs", w.afterLastStageMs());
        return out;
    }

    private static Map<String, Object> stage(StagePair p, boolean moved) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("stageId", p.run().map(StageWork::stageId).orElse(null));
        out.put("baselineStageId", p.baseline().map(StageWork::stageId).orElse(null));
        out.put("match", p.matched() ? "matched" : p.run().isPresent() ? "added" : "dropped");
        out.put("similarity", Format.round(p.similarity()));
        out.put("deltaMs", p.deltaMs());
        out.put("moved", moved);
        out.put("run", p.run().map(ComparisonJson::work).orElse(null));
        out.put("baseline", p.baseline().map(ComparisonJson::work).orElse(null));
        return out;
    }

    private static Map<String, Object> work(StageWork w) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("shareMs", w.shareMs());
        out.put("wallMs", w.wallMs());
        out.put("tasks", w.tasks());
        out.put("taskMs", w.taskMs());
        out.put("records", w.records());
        out.put("bytes", w.bytes());
        out.put("slots", Format.round(w.slots()));
        out.put("operators", w.signature().operators());
        return out;
    }

    private static Map<String, Object> setting(SettingChange s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scope", s.scope());
        out.put("key", s.key());
        out.put("before", s.before());
        out.put("after", s.after());
        return out;
    }
}
