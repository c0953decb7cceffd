package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import java.util.LinkedHashMap;
import java.util.Map;

/** The analyze JSON contract of DESIGN.md: application, coverage, outcome, notes, findings. */
public final class AdviceJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
        return out;
    }

    public static String write(Advice advice) {
        return write(advice, null);
    }

    /** With {@code application.platform} ({@code kind, runtime, photon, serverless, accessMode}), each key omitted when unknown. */
    public static String write(Advice advice, PlatformFacts platform) {
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
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("advice cannot be written as JSON", e);
        }
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
