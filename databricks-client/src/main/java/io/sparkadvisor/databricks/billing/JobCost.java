package io.sparkadvisor.databricks.billing;

import java.math.BigDecimal;

/**
 * One job's spend in a week and in the week before: runs, DBUs and list cost. {@code jobId} is a
 * string as {@code usage_metadata.job_id} is; {@code jobName} may be null when the job is gone.
 */
public record JobCost(String jobId, String jobName, long runs, BigDecimal dbus, BigDecimal cost, long previousRuns,
        BigDecimal previousCost) {

    public BigDecimal change() {
        return cost.subtract(previousCost);
    }
}
