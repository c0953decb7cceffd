package io.sparkadvisor.bot.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.sparkadvisor.bot.ask.ClusterSize;
import io.sparkadvisor.bot.store.ScanLedger;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.rules.advisor.Stake;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A job's scan outcome as the fleet scan keeps it and the digest reads it back. */
class JobScanTest {
    private static final LocalDate WEEK = LocalDate.parse("2026-11-23");

    @Test
    void anAlwaysOnRunsStakeIsKeptWithItsOutcomeForTheDigestToPriceTheWeekFrom() {
        ScanLedger<JobScan> ledger = new ScanLedger<>(TestDatabases.fresh(TestDatabases.Kind.H2), JobScan.class);
        Stake streaming = new Stake(600_000, 0.8, 0.5, 0.1);
        ledger.record(WEEK, "50", JobScan.analysed("50", "kafka-enrich", 5001, 600_000, new ClusterSize(3, 12), null, null,
                List.of(), streaming));
        ledger.record(WEEK, "51", JobScan.notInTime("51", "late-job"));

        assertEquals(streaming, ledger.outcomes(WEEK).get("50").stake());
        assertNull(ledger.outcomes(WEEK).get("51").stake(), "nothing read, nothing at stake");
    }
}
