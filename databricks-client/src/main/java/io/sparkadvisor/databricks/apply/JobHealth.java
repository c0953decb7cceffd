package io.sparkadvisor.databricks.apply;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A job's {@code health} field as its settings hold it. {@code jobs/update} replaces the whole field, so adding a rule
 * sends every other rule back as it was ({@link #with}); a rule of a metric this SDK does not know is kept verbatim.
 */
public record JobHealth(List<JsonNode> rules) {
    public static JobHealth of(SettingsSnapshot settings) {
        return of(SdkJson.object(settings.settingsJson(), "the settings of job " + settings.jobId()));
    }

    public static JobHealth of(JsonNode settings) {
        List<JsonNode> rules = new ArrayList<>();
        settings.path("health").path("rules").forEach(rules::add);
        return new JobHealth(List.copyOf(rules));
    }

    /** The job's rule for {@code metric}, when it has one. */
    public Optional<HealthRule> rule(JobsHealthMetric metric) {
        return rules.stream().filter(r -> r.path("metric").asText().equals(metric.name()) && r.path("value").canConvertToLong())
                .map(r -> new HealthRule(metric, r.path("value").asLong())).findFirst();
    }

    /** The {@code new_settings} of a {@code jobs/update} that keeps every rule and adds {@code rule}, or replaces its metric's. */
    public ObjectNode with(HealthRule rule) {
        ObjectNode update = JsonNodeFactory.instance.objectNode();
        ArrayNode sent = update.putObject("health").putArray("rules");
        rules.stream().filter(r -> !r.path("metric").asText().equals(rule.metric().name())).forEach(r -> sent.add(r.deepCopy()));
        sent.add(rule.toJson());
        return update;
    }

}
