package io.sparkadvisor.templates.digest;

import io.sparkadvisor.rules.advisor.Savings;
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
 * @param topFixes       the fleet scan's ranked fixes; null when the scan is off
 */
public record DigestReport(LocalDate from, LocalDate to, String currency, String estimateReason, BigDecimal total,
        BigDecimal previousTotal, List<JobLine> topJobs, List<JobLine> increases, List<Waste> waste, List<Pending> pending,
        List<Realised> realised, TopFixes topFixes, List<Costlier> costlier) {

    public DigestReport {
        topJobs = List.copyOf(topJobs);
        increases = List.copyOf(increases);
        waste = List.copyOf(waste);
        pending = List.copyOf(pending);
        realised = List.copyOf(realised);
        costlier = List.copyOf(costlier);
    }

    /** Without the "got slower or costlier" section. */
    public DigestReport(LocalDate from, LocalDate to, String currency, String estimateReason, BigDecimal total,
            BigDecimal previousTotal, List<JobLine> topJobs, List<JobLine> increases, List<Waste> waste, List<Pending> pending,
            List<Realised> realised, TopFixes topFixes) {
        this(from, to, currency, estimateReason, total, previousTotal, topJobs, increases, waste, pending, realised, topFixes, List.of());
    }

    public DigestReport withCostlier(List<Costlier> jobs) {
        return new DigestReport(from, to, currency, estimateReason, total, previousTotal, topJobs, increases, waste, pending, realised,
                topFixes, jobs);
    }

    /** The same report with the fleet scan's section replaced: a channel's noise controls leave out fixes it saw. */
    public DigestReport withTopFixes(TopFixes fixes) {
        return new DigestReport(from, to, currency, estimateReason, total, previousTotal, topJobs, increases, waste, pending, realised, fixes,
                costlier);
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

    /** A finding of a run analysed this week, with the saving its rule estimated per run (as the finding stated it). */
    public record Waste(String rule, String title, String job, long runId, Savings savings) {}

    /** A step proposed to the job and not yet approved or rejected. */
    public record Pending(String rule, long jobId, long runId, int step, Instant proposedAt) {}

    /** A verified change: cost per run before and after it, over the runs since. */
    public record Realised(String rule, int step, String job, BigDecimal beforePerRun, BigDecimal afterPerRun, long runsAfter) {
        public BigDecimal saved() {
            return beforePerRun.subtract(afterPerRun).multiply(BigDecimal.valueOf(runsAfter));
        }
    }

    /**
     * The fleet scan's part: fixes in order of dollars a week, the jobs it could not read, and how
     * many fixes were left out because the channel saw them before and nothing changed.
     */
    public record TopFixes(int jobsScanned, List<Fix> fixes, List<Unanalysed> unanalysed, int held) {
        public TopFixes {
            fixes = List.copyOf(fixes);
            unanalysed = List.copyOf(unanalysed);
        }
    }

    /**
     * One fix: {@code perWeek} = {@code savingPerRun} x {@code runsPerWeek}, where {@code savingPerRun} is priced on the
     * fix's {@code basis}: {@code saved} / {@code whole} (at most 1) x {@code costPerRun} for a share of the run's time,
     * core-hours or node-hours, or {@code saved} dollars as they are (at most {@code costPerRun}).
     *
     * @param job       the job as the digest names it
     * @param firstStep what the first step changes, in words
     * @param saved     what one run saves, in the basis' unit (ms, core-hours, node-hours, dollars)
     * @param whole     what the run held in that unit; for dollars, the cost per run
     */
    public record Fix(String job, long runId, String rule, String title, String firstStep, SavingBasis basis, double saved, double whole,
            BigDecimal costPerRun, BigDecimal savingPerRun, long runsPerWeek, BigDecimal perWeek) {
        public double savedShare() {
            return SavingBasis.share(saved, whole);
        }
    }

    /** What a fix's dollars are priced from. */
    public enum SavingBasis {
        /** A share of the run's time: a job cluster is billed for as long as it runs. */
        RUN_TIME,
        /** A share of the core-hours the cluster held for the run (driver included). */
        CORE_HOURS,
        /** A share of the node-hours the cluster held for the run (driver included). */
        NODE_HOURS,
        /** Dollars per run at list prices, given by the finding. */
        LIST_DOLLARS,
        /**
         * A share of an always-on streaming cluster's time (core-hours or list dollars over the hours the log saw its
         * query): the same share of every hour, so of what the job cost this week, whatever its runs.
         */
        ALWAYS_ON;

        /** The share of {@code whole} that {@code saved} is, from 0 to 1; 0 when the whole is unknown. */
        public static double share(double saved, double whole) {
            return whole <= 0 ? 0 : Math.min(1.0, Math.max(0, saved) / whole);
        }
    }

    /** A job the scan could not read: {@code what} to fix, and the workspace's own words (null for a job it did not reach in time). */
    /**
     * A job whose cost per run this week ({@code perRun}, the median of its {@code runs} runs) rose beyond its usual
     * ({@code usualPerRun}, the median of the weeks before), with {@code cause}: its latest run's top cause in one line.
     */
    public record Costlier(String jobId, String name, BigDecimal usualPerRun, BigDecimal perRun, long runs, long runId, String cause) {
        public BigDecimal rise() {
            return perRun.subtract(usualPerRun);
        }
    }

    public record Unanalysed(String job, String what, String detail) {}
}
