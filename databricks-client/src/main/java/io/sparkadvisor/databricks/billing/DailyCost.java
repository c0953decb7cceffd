package io.sparkadvisor.databricks.billing;

import java.math.BigDecimal;
import java.time.LocalDate;

/** What one job cost on one day (UTC, as {@code usage_date} is). */
public record DailyCost(String jobId, LocalDate day, BigDecimal cost) {
}
