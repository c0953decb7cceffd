package io.sparkadvisor.databricks.billing;

import java.math.BigDecimal;
import java.util.List;

/**
 * Jobs spend of a week and of the week before over all jobs, and the jobs that matter for a digest
 * (the costliest and the fastest growing; a few, not all).
 */
public record WeeklyCosts(String currency, BigDecimal total, BigDecimal previousTotal, List<JobCost> jobs) {
    public WeeklyCosts {
        jobs = List.copyOf(jobs);
    }
}
