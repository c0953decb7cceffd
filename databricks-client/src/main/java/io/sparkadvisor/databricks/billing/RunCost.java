package io.sparkadvisor.databricks.billing;

import java.math.BigDecimal;
import java.time.Instant;

/** What one run of a job cost, and when its usage started. */
public record RunCost(String jobId, String runId, Instant start, BigDecimal cost) {
}
