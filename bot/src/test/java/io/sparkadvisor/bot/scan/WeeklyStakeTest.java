package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.ask.ClusterSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.templates.digest.DigestReport.SavingBasis;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each kind of saving priced by hand, on the javadoc's $1,500 a week over 7 runs ($214.29 a run). */
class WeeklyStakeTest {
    /** 3 nodes x 4 cores (2 workers and the driver): a 120 s run holds 0.4 core-hours and 0.1 node-hours. */
    static final ClusterSize THREE_BY_FOUR = new ClusterSize(3, 12);

    static JobCost job(String cost, long runs) {
        return new JobCost("42", "orders-ingest", runs, BigDecimal.TEN, new BigDecimal(cost), 0, BigDecimal.ZERO);
    }

    static WeeklyStake stake(Savings savings, long runMs, ClusterSize cluster) {
        return WeeklyStake.of(job("1500.00", 7), savings, runMs, cluster);
    }

    static Savings savings(long runtimeMs, double coreHours, double nodeHours, double dollars) {
        return new Savings(runtimeMs, coreHours, nodeHours, dollars, false, List.of());
    }

    @Test
    void runTimeIsItsShareOfTheCostPerRunAndAWeekIsThatTimesTheRuns() {
        WeeklyStake stake = stake(Savings.of(30_000, 0), 120_000, THREE_BY_FOUR);

        assertEquals(SavingBasis.RUN_TIME, stake.basis());
        assertEquals(0.25, SavingBasis.share(stake.saved(), stake.whole()));
        assertEquals(new BigDecimal("214.29"), stake.costPerRun(), "1,500.00 / 7 runs, to the cent");
        assertEquals(new BigDecimal("53.57"), stake.savingPerRun(), "214.29 x 25%, to the cent");
        assertEquals(new BigDecimal("374.99"), stake.perWeek(), "53.57 x 7 runs");
    }

    @Test
    void coreHoursAndNodeHoursAreTheirShareOfWhatTheClusterHeld() {
        WeeklyStake cores = stake(savings(0, 0.3, 0, 0), 120_000, THREE_BY_FOUR);
        assertEquals(List.of(SavingBasis.CORE_HOURS, 0.4, new BigDecimal("160.72"), new BigDecimal("1125.04")), figures(cores),
                "12 cores x 120 s = 0.4 core-hours; 0.3 / 0.4 = 75% of 214.29; x 7");

        WeeklyStake nodes = stake(savings(0, 0, 0.02, 0), 120_000, THREE_BY_FOUR);
        assertEquals(List.of(SavingBasis.NODE_HOURS, 0.1, new BigDecimal("42.86"), new BigDecimal("300.02")), figures(nodes),
                "3 nodes x 120 s = 0.1 node-hours; 0.02 / 0.1 = 20% of 214.29 = 42.858; x 7");
    }

    @Test
    void anAlwaysOnQuerysSavingIsItsShareOfTheClusterTimesTheJobsWeek() {
        // the log saw the query for 6 minutes (0.1 h) of a 10-minute application on 8 slots: 0.8 core-hours always on;
        // the finding frees 0.2 of them, a quarter of the cluster every hour, so a quarter of the $155.00 the job cost
        Stake streaming = new Stake(600_000, 0.8, 0, 0.1);
        Savings quarter = savings(0, 0.2, 0, 0);
        WeeklyStake stake = WeeklyStake.of(job("155.00", 3), quarter, 600_000, THREE_BY_FOUR, streaming);

        assertEquals(List.of(SavingBasis.ALWAYS_ON, 0.8, new BigDecimal("38.75"), new BigDecimal("38.75")), figures(stake));
        assertEquals(1, stake.runsPerWeek(), "its restarts aside: the share is of the week");
        assertEquals(new BigDecimal("155.00"), stake.costPerRun(), "the week's cost");
        // priced as a batch run's, the same saving is 0.2 of the 2 core-hours 3 x 4 cores held for 10 minutes: 10%
        assertEquals(new BigDecimal("15.51"), WeeklyStake.of(job("155.00", 3), quarter, 600_000, THREE_BY_FOUR).perWeek());
    }

    @Test
    void anAlwaysOnQuerysListDollarsCountWhenTheyAreTheLargerShare() {
        Stake streaming = new Stake(600_000, 0.8, 0.5, 0.1);
        WeeklyStake stake = WeeklyStake.of(job("155.00", 1), savings(0, 0.1, 0, 0.25), 600_000, THREE_BY_FOUR, streaming);
        assertEquals(List.of(SavingBasis.ALWAYS_ON, 0.5, new BigDecimal("77.50"), new BigDecimal("77.50")), figures(stake),
                "$0.25 of the $0.50 the cluster cost while seen: half of the week");
    }

    @Test
    void aBatchRunsStakePricesAsBefore() {
        Savings runTime = Savings.of(30_000, 0);
        assertEquals(stake(runTime, 120_000, THREE_BY_FOUR),
                WeeklyStake.of(job("1500.00", 7), runTime, 120_000, THREE_BY_FOUR, new Stake(120_000, 0.4, 0)));
    }

    /** The basis, the run's whole (to 12 decimals), the saving per run and per week. */
    private static List<Object> figures(WeeklyStake s) {
        return List.of(s.basis(), Math.round(s.whole() * 1e12) / 1e12, s.savingPerRun(), s.perWeek());
    }

    @Test
    void dollarsAFindingGivesCountAsTheyAre() {
        WeeklyStake stake = stake(Savings.ofNodes(0, 0.289), 120_000, THREE_BY_FOUR);

        assertEquals(SavingBasis.LIST_DOLLARS, stake.basis());
        assertEquals(new BigDecimal("0.29"), stake.savingPerRun(), "0.289 to the cent");
        assertEquals(new BigDecimal("2.03"), stake.perWeek(), "0.29 x 7");
        assertEquals(new BigDecimal("80.00"), WeeklyStake.of(job("80.00", 1), Savings.ofNodes(0, 95), 120_000, THREE_BY_FOUR).perWeek(),
                "at most the run's cost");
    }

    @Test
    void aFindingThatSavesTimeAndCoreHoursCountsTheLargerOneOnly() {
        WeeklyStake skew = stake(savings(30_000, 0.02, 0, 0), 120_000, THREE_BY_FOUR);
        assertEquals(SavingBasis.RUN_TIME, skew.basis(), "25% of the run beats 0.02 / 0.4 = 5% of its core-hours");
        assertEquals(new BigDecimal("374.99"), skew.perWeek(), "not 53.57 + 10.71 a run");

        WeeklyStake packing = stake(savings(6_000, 0.3, 0, 0.5), 120_000, THREE_BY_FOUR);
        assertEquals(SavingBasis.CORE_HOURS, packing.basis(), "75% of the core-hours beats 5% of the run time and $0.50");
        assertEquals(new BigDecimal("1125.04"), packing.perWeek());

        WeeklyStake tie = stake(savings(12_000, 0.04, 0.01, 0), 120_000, THREE_BY_FOUR);
        assertEquals(SavingBasis.RUN_TIME, tie.basis(), "10% each way: run time first");
        assertEquals(new BigDecimal("150.01"), tie.perWeek(), "21.43 x 7, once");
    }

    @Test
    void aSavingNeverExceedsTheRunAndAJobWithoutARunThisWeekCountsOne() {
        assertEquals(new BigDecimal("80.00"), WeeklyStake.of(job("80.00", 0), Savings.of(200_000, 0), 100_000, THREE_BY_FOUR).perWeek(),
                "all of one run, at most");
        assertEquals(new BigDecimal("80.00"), WeeklyStake.of(job("80.00", 1), savings(0, 9, 0, 0), 100_000, THREE_BY_FOUR).perWeek(),
                "all the core-hours, at most");
        assertEquals(new BigDecimal("0.00"), WeeklyStake.of(job("80.00", 4), Savings.of(5_000, 0), 0, THREE_BY_FOUR).perWeek(),
                "no run time known: nothing at stake");
        assertEquals(new BigDecimal("0.00"), WeeklyStake.of(job("80.00", 4), savings(0, 0.3, 0.1, 0), 100_000, ClusterSize.UNKNOWN)
                .perWeek(), "a cluster of unknown size: its hours cannot be priced");
    }
}
