package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.WeeklyCosts;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Estimates from the sample workspace's completed runs of the week of 13 November 2023: run 1001 of
 * job 7, one hour on 4 i3.xlarge workers plus driver and 5 r5d.2xlarge workers plus driver; run 2001
 * of job 8, ten minutes on 2 i3.xlarge workers plus driver; run 1000 of job 7 on no job cluster.
 */
class EstimatedCostsTest {
    static final LocalDate WEEK = LocalDate.parse("2023-11-13");
    static final DigestConfig RATES = new DigestConfig(null, null, null, null, new BigDecimal("0.15"), 1.0,
            Map.of("i3.xlarge", 1.0, "r5d.2xlarge", 2.0), null, null);

    @Test
    void nodeHoursTimesDbuRatesTimesThePriceFromOneListingOfTheRuns() {
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            EstimatedCosts costs = new EstimatedCosts(Workspaces.connect(emulator.client(), null), RATES);
            emulator.clearRequests();

            WeeklyCosts weekly = costs.weekly(WEEK, 5);
            List<DailyCost> daily = costs.daily(List.of("7", "8"), WEEK, WEEK.plusDays(7));

            // job 7: 1 h x (4 x 1.0 + 1.0 + 5 x 2.0 + 2.0) = 17 DBU; job 8: 1/6 h x (2 x 1.0 + 1.0) = 0.5 DBU; at 0.15 USD
            assertEquals(new JobCost("7", "nightly-etl", 2, new BigDecimal("17.000"), new BigDecimal("2.55"), 0, BigDecimal.ZERO.setScale(2)),
                    weekly.jobs().get(0));
            assertEquals(new BigDecimal("0.08"), weekly.jobs().get(1).cost());
            assertEquals(new BigDecimal("2.63"), weekly.total());
            assertEquals(List.of(new DailyCost("7", LocalDate.parse("2023-11-13"), new BigDecimal("0.00")),
                    new DailyCost("7", LocalDate.parse("2023-11-14"), new BigDecimal("2.55")),
                    new DailyCost("8", LocalDate.parse("2023-11-14"), new BigDecimal("0.08"))), daily);
            assertEquals(1, emulator.requests("GET", "/api/2.2/jobs/runs/list").size(), "the days come from the week's listing");
        }
    }
}
