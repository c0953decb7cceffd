package io.sparkadvisor.bot.scan;

import io.sparkadvisor.databricks.billing.JobCost;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The dollars a week a finding puts at stake: saving per run x runs per week, where the saving per
 * run is the share of the run's time the finding saves (its {@code savings.runtimeMs} over the
 * analysed application's run time, at most all of it) times the job's cost per run (its week's
 * cost over its week's runs, from billing or the estimate). Run time stands for cost because a job
 * cluster is billed for as long as it runs.
 *
 * @param savedShare  fraction of a run's time (so cost) the finding saves, 0 to 1
 * @param costPerRun  the job's cost this week divided by its runs this week
 * @param runsPerWeek the job's runs this week
 */
public record WeeklyStake(double savedShare, BigDecimal costPerRun, long runsPerWeek) {
    /** A job with no run this week (its cost came from a run that started before) counts one. */
    public static WeeklyStake of(JobCost job, long savedMs, long runMs) {
        double share = runMs <= 0 ? 0 : Math.min(1.0, Math.max(0, savedMs) / (double) runMs);
        long runs = Math.max(1, job.runs());
        return new WeeklyStake(share, job.cost().divide(BigDecimal.valueOf(runs), 2, RoundingMode.HALF_UP), runs);
    }

    public BigDecimal savingPerRun() {
        return costPerRun.multiply(new BigDecimal(savedShare, MathContext.DECIMAL64)).setScale(2, RoundingMode.HALF_UP);
    }

    public BigDecimal perWeek() {
        return savingPerRun().multiply(BigDecimal.valueOf(runsPerWeek));
    }
}
