package io.sparkadvisor.templates.digest;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * What a weekly cost digest says, assembled by the bot: jobs spend of the week {@code [from, to)}
 * against the week before, the costliest and the fastest growing jobs, waste found in runs analysed
 * that week, steps awaiting approval, and what verified changes saved.
 *
 * @param estimateReason null when the costs come from the billing tables; otherwise why they are estimates
 */
public record DigestReport(LocalDate from, LocalDate to, String currency, String estimateReason, BigDecimal total,
        BigDecimal previousTotal, List<JobLine> topJobs, List<JobLine> increases, List<Waste> waste, List<Pending> pending,
        List<Realised> realised) {

    public DigestReport {
        topJobs = List.copyOf(topJobs);
        increases = List.copyOf(increases);
        waste = List.copyOf(waste);
        pending = List.copyOf(pending);
        realised = List.copyOf(realised);
    }

    public boolean estimated() {
        return estimateReason != null;
    }

    /** One job's week: {@code name} may be null when the job is gone. */
    public record JobLine(String jobId, String name, long runs, BigDecimal cost, BigDecimal previousCost) {
        public BigDecimal change() {
            return cost.subtract(previousCost);
        }
    }

    /** A finding of a run analysed this week, with the saving its rule estimated per run. */
    public record Waste(String rule, String title, String job, long runId, long runtimeMs, double coreHours) {}

    /** A step proposed to the job and not yet approved or rejected. */
    public record Pending(String rule, long jobId, long runId, int step, Instant proposedAt) {}

    /** A verified change: cost per run before and after it, over the runs since. */
    public record Realised(String rule, int step, String job, BigDecimal beforePerRun, BigDecimal afterPerRun, long runsAfter) {
        public BigDecimal saved() {
            return beforePerRun.subtract(afterPerRun).multiply(BigDecimal.valueOf(runsAfter));
        }
    }
}
