package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.ask.ClusterSize;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.templates.digest.DigestReport.SavingBasis;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

/**
 * The dollars a week a finding puts at stake: saving per run x runs per week, the saving per run priced from what
 * the finding says it saves, on the job's cost per run (its week's cost over its week's runs, from billing or the
 * estimate):
 * <ul>
 * <li>run time: {@code savings.runtimeMs} / the run's duration x cost per run (a job cluster is billed for as long
 * as it runs);</li>
 * <li>core-hours: {@code savings.coreHours} / the core-hours the cluster held (its cores, driver included, x the
 * run's hours) x cost per run: the run's cost spread evenly over the cores it paid for;</li>
 * <li>node-hours: {@code savings.nodeHours} / the node-hours the cluster held x cost per run, likewise;</li>
 * <li>dollars: {@code savings.dollars}, a finding's own price per run (list prices), as they are.</li>
 * </ul>
 * Each share is at most 1 and each saving at most the cost per run. A finding's figures are views of one saving
 * (a run's cost is its nodes held for its time: a straggler's idle cores are the same money as the run time it
 * wastes), so they are never added: the largest single one counts, run time first on a tie.
 * <p>
 * Worked example: $1,500 a week over 7 runs is $214.29 a run. A skew finding saving 30 s of a 120 s run and
 * 0.02 core-hours, on a cluster of 3 nodes x 4 cores: run time 25% ($53.57), core-hours 0.02 / (12 x 120 / 3600 =
 * 0.4) = 5% ($10.71); run time counts: $53.57 x 7 = $374.99 a week. An executor-packing finding with no run time
 * and 0.3 stranded core-hours on that cluster: 0.3 / 0.4 = 75% = $160.72 a run, $1,125.04 a week. A node-type change
 * saving $0.29 a run at list prices: $0.29 x 7 = $2.03 a week.
 *
 * @param saved        what one run saves in the basis' unit (ms, core-hours, node-hours, dollars)
 * @param whole        what the run held in that unit (its ms, core-hours, node-hours; for dollars the cost per run)
 * @param costPerRun   the job's cost this week divided by its runs this week, to the cent
 * @param savingPerRun what the finding saves a run, to the cent
 * @param runsPerWeek  the job's runs this week
 */
public record WeeklyStake(SavingBasis basis, double saved, double whole, BigDecimal costPerRun, BigDecimal savingPerRun,
        long runsPerWeek) {
    /** A job with no run this week (its cost came from a run that started before) counts one. */
    public static WeeklyStake of(JobCost job, Savings savings, long runMs, ClusterSize cluster) {
        return of(job, savings, runMs, cluster, null);
    }

    /**
     * The same; on a run whose {@code stake} is an always-on streaming query ({@link Stake#alwaysOnHours()} > 0) the
     * saving is a share of that cluster's time every hour, so of the job's whole week: the share of the always-on
     * core-hours or list dollars (the larger) x what the job cost this week, its runs aside ({@code runsPerWeek} 1,
     * {@code costPerRun} the week's cost). Run time is no measure there: the query never ends.
     */
    public static WeeklyStake of(JobCost job, Savings savings, long runMs, ClusterSize cluster, Stake stake) {
        if (stake != null && stake.alwaysOnHours() > 0) {
            return alwaysOn(job, savings, stake);
        }
        long runs = Math.max(1, job.runs());
        BigDecimal perRun = job.cost().divide(BigDecimal.valueOf(runs), 2, RoundingMode.HALF_UP);
        List<WeeklyStake> figures = List.of(
                share(SavingBasis.RUN_TIME, savings.runtimeMs(), runMs, perRun, runs),
                share(SavingBasis.CORE_HOURS, savings.coreHours(), cluster.coreHours(runMs), perRun, runs),
                share(SavingBasis.NODE_HOURS, savings.nodeHours(), cluster.nodeHours(runMs), perRun, runs),
                new WeeklyStake(SavingBasis.LIST_DOLLARS, savings.dollars(), perRun.doubleValue(), perRun,
                        perRun.min(cents(Math.max(0, savings.dollars()))), runs));
        return figures.stream().reduce((a, b) -> b.savingPerRun.compareTo(a.savingPerRun) > 0 ? b : a).orElseThrow();
    }

    private static WeeklyStake alwaysOn(JobCost job, Savings savings, Stake stake) {
        BigDecimal week = job.cost().setScale(2, RoundingMode.HALF_UP);
        boolean byDollars = SavingBasis.share(savings.dollars(), stake.runDollars())
                > SavingBasis.share(savings.coreHours(), stake.runCoreHours());
        double saved = byDollars ? savings.dollars() : savings.coreHours();
        double whole = byDollars ? stake.runDollars() : stake.runCoreHours();
        return new WeeklyStake(SavingBasis.ALWAYS_ON, saved, whole, week,
                cents(week.multiply(new BigDecimal(SavingBasis.share(saved, whole), MathContext.DECIMAL64))), 1);
    }

    private static WeeklyStake share(SavingBasis basis, double saved, double whole, BigDecimal perRun, long runs) {
        BigDecimal share = new BigDecimal(SavingBasis.share(saved, whole), MathContext.DECIMAL64);
        return new WeeklyStake(basis, saved, whole, perRun, cents(perRun.multiply(share)), runs);
    }

    private static BigDecimal cents(Number amount) {
        return new BigDecimal(amount.toString()).setScale(2, RoundingMode.HALF_UP);
    }

    public BigDecimal perWeek() {
        return savingPerRun.multiply(BigDecimal.valueOf(runsPerWeek));
    }
}
