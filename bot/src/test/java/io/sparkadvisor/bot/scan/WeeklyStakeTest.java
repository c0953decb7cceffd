package io.sparkadvisor.bot.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.billing.JobCost;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class WeeklyStakeTest {
    static JobCost job(String cost, long runs) {
        return new JobCost("42", "orders-ingest", runs, BigDecimal.TEN, new BigDecimal(cost), 0, BigDecimal.ZERO);
    }

    @Test
    void savingPerRunIsTheSavedShareOfTheCostPerRunAndAWeekIsThatTimesTheRuns() {
        WeeklyStake stake = WeeklyStake.of(job("1500.00", 7), 30_000, 120_000);

        assertEquals(0.25, stake.savedShare());
        assertEquals(new BigDecimal("214.29"), stake.costPerRun(), "1,500.00 / 7 runs, to the cent");
        assertEquals(new BigDecimal("53.57"), stake.savingPerRun(), "214.29 x 25%, to the cent");
        assertEquals(new BigDecimal("374.99"), stake.perWeek(), "53.57 x 7 runs");
    }

    @Test
    void aSavingNeverExceedsTheRunAndAJobWithoutARunThisWeekCountsOne() {
        assertEquals(new BigDecimal("80.00"), WeeklyStake.of(job("80.00", 0), 200_000, 100_000).perWeek(), "all of one run, at most");
        assertEquals(new BigDecimal("0.00"), WeeklyStake.of(job("80.00", 4), 5_000, 0).perWeek(), "no run time known: nothing at stake");
    }
}
