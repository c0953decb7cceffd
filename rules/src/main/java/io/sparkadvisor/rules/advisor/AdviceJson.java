package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The analyze JSON contract of DESIGN.md: application, coverage, outcome, notes, findings, and streaming queries. */
public final class AdviceJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new Jdk8Module())
            .enable(SerializationFeature.INDENT_OUTPUT);

    private AdviceJson() {}

    /** The contract's coverage keys; the first skipped line and its reason are for the text report only. */
    private static Map<String, Object> coverage(Coverage c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("events", c.events());
        out.put("tasks", c.tasks());
        out.put("unknownEvents", c.unknownEvents());
        out.put("truncated", c.truncated());
        out.put("skippedLines", c.skippedLines());
        out.put("complete", c.complete());
        out.put("missing", c.missing());
        if (c.setAsideTimes().any()) {
            Map<String, Object> setAside = new LinkedHashMap<>();
            setAside.put("count", c.setAsideTimes().count());
            setAside.put("farthestDays", c.setAsideTimes().farthestDays());
            out.put("setAsideTimes", setAside);
        }
        c.window().ifPresent(w -> {
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("from", Instant.ofEpochMilli(w.fromMs()).toString());
            window.put("to", Instant.ofEpochMilli(w.toMs()).toString());
            window.put("partsRead", w.partsRead());
            window.put("partsSkipped", w.partsSkipped());
            window.put("running", w.running());
            out.put("window", window);
        });
        return out;
    }

    public static String write(Advice advice) {
        return write(advice, null);
    }

    /** With {@code application.platform} ({@code kind, runtime, photon, serverless, accessMode}), each key omitted when unknown. */
    public static String write(Advice advice, PlatformFacts platform) {
        return write(advice, platform, List.of());
    }

    /**
     * With the run's streaming queries as {@code streaming} (omitted for a batch run), each without its recent batches but
     * the last, with its inferred trigger and its chart points.
     */
    public static String write(Advice advice, PlatformFacts platform, List<StreamingQueryFacts> streaming) {
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("id", advice.application().id());
        app.put("name", advice.application().name());
        app.put("sparkVersion", advice.application().sparkVersion());
        app.put("durationMs", advice.application().durationMs());
        if (platform != null) {
            Map<String, Object> p = platform(platform);
            if (!p.isEmpty()) {
                app.put("platform", p);
            }
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("application", app);
        root.put("coverage", coverage(advice.coverage()));
        root.put("outcome", advice.outcome());
        root.put("notes", advice.notes());
        root.put("findings", advice.findings());
        if (!advice.failures().isEmpty()) {
            root.put("ruleFailures", advice.failures());
        }
        if (!streaming.isEmpty()) {
            root.put("streaming", streaming.stream().map(AdviceJson::query).toList());
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("advice cannot be written as JSON", e);
        }
    }

    private static Map<String, Object> query(StreamingQueryFacts q) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", q.id());
        out.put("runId", q.runId());
        out.put("name", q.name());
        out.put("running", q.running());
        out.put("startedMs", q.startedMs());
        out.put("terminatedMs", q.terminatedMs());
        q.exception().ifPresent(e -> out.put("exception", e));
        out.put("totals", q.totals());
        out.put("series", q.series());
        out.put("trigger", q.trigger());
        out.put("chart", q.chart());
        q.last().ifPresent(b -> out.put("lastBatch", b));
        return out;
    }

    private static Map<String, Object> platform(PlatformFacts platform) {
        Map<String, Object> p = new LinkedHashMap<>();
        if (platform.kind() != PlatformFacts.Kind.UNKNOWN) {
            p.put("kind", platform.kind().id());
        }
        platform.runtime().ifPresent(r -> p.put("runtime", r));
        platform.photon().ifPresent(v -> p.put("photon", v));
        platform.serverless().ifPresent(v -> p.put("serverless", v));
        platform.accessMode().ifPresent(m -> p.put("accessMode", m));
        return p;
    }
}
