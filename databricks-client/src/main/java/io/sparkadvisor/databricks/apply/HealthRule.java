package io.sparkadvisor.databricks.apply;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import com.databricks.sdk.service.jobs.JobsHealthOperator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One of a job's health rules ({@code settings.health.rules[]}): Databricks alerts when {@code metric} goes above
 * {@code value} (the API's only operator is {@link JobsHealthOperator#GREATER_THAN}). Seconds for
 * {@link JobsHealthMetric#RUN_DURATION_SECONDS}, records for {@link JobsHealthMetric#STREAMING_BACKLOG_RECORDS}.
 */
public record HealthRule(JobsHealthMetric metric, long value) {
    /** Whether this rule alerts no later than {@code other} would: same metric, a bound as low or lower. */
    public boolean atLeastAsTightAs(HealthRule other) {
        return metric == other.metric && value <= other.value;
    }

    ObjectNode toJson() {
        return JsonNodeFactory.instance.objectNode().put("metric", metric.name()).put("op", JobsHealthOperator.GREATER_THAN.name())
                .put("value", value);
    }
}
