package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sparkadvisor.knowledge.facts.Coverage;
import java.util.LinkedHashMap;
import java.util.Map;

/** The analyze JSON contract of DESIGN.md: application, coverage, findings. */
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
        return out;
    }

    public static String write(Advice advice) {
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("id", advice.application().id());
        app.put("name", advice.application().name());
        app.put("sparkVersion", advice.application().sparkVersion());
        app.put("durationMs", advice.application().durationMs());
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("application", app);
        root.put("coverage", coverage(advice.coverage()));
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
}
