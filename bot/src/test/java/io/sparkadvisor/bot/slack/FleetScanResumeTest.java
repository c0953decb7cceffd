package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.scan.LatestRuns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.scan.ScanProgress;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.ScanLedger;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A scan cut short by a restart (the bot stopping mid-scan) goes on where it stopped: finished jobs are read, not analysed again. */
class FleetScanResumeTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final int JOBS = 6;
    static final ScanConfig SCAN = new ScanConfig(true, JOBS, 1, 5, 5, null, null, null);

    @Test
    void aScanStoppedAfterThreeJobsIsFinishedByTheNextOneWithoutReadingThoseThreeAgain() {
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            Fleet.add(emulator, JOBS);
            Database db = TestDatabases.fresh(TestDatabases.Kind.H2);
            Advisor advisor = new Advisor(Thresholds.defaults());
            AtomicReference<FleetScan> first = new AtomicReference<>();
            MeterRegistry cutMeters = new SimpleMeterRegistry();
            first.set(scan(db, emulator, advisor, cutMeters));
            ScanProgress stopsAfterThree = (done, total, unreadable) -> {
                if (done == 3) {
                    first.get().stop(); // the bot is stopping: a deploy
                }
            };
            List<JobScan> cut = first.get().scan(WEEK, Fleet.costs(JOBS), stopsAfterThree);
            assertEquals(3, new ScanLedger<>(db, JobScan.class).outcomes(WEEK).size(), "three jobs done before the stop");
            assertEquals(3, cut.stream().filter(s -> s.unreadable() != null && s.unreadable().kind() == JobScan.Unreadable.Kind.NOT_IN_TIME).count());
            List<Long> readBefore = IntStream.range(0, JOBS).mapToObj(k -> Fleet.logReads(emulator, k)).toList();
            assertEquals(List.of(1L, 1L, 1L, 0L, 0L, 0L), readBefore, "the first three jobs' logs were read (job 3 has no log delivery)");
            assertEquals(Map.of("analysed", 3.0, "not_in_time", 3.0), scanJobs(cutMeters), "the cut scan counts what it did and did not reach");

            MeterRegistry resumedMeters = new SimpleMeterRegistry();
            List<JobScan> resumed = scan(db, emulator, advisor, resumedMeters).scan(WEEK, Fleet.costs(JOBS), ScanProgress.NONE);
            assertTrue(resumed.stream().noneMatch(s -> s.unreadable() != null && s.unreadable().kind() == JobScan.Unreadable.Kind.NOT_IN_TIME),
                    resumed.toString());
            assertEquals(List.of(1L, 1L, 1L, 0L, 1L, 1L), IntStream.range(0, JOBS).mapToObj(k -> Fleet.logReads(emulator, k)).toList(),
                    "after the restart only the jobs not done were read");
            assertEquals(JobScan.Unreadable.Kind.NO_LOG_DELIVERY, resumed.get(3).unreadable().kind());
            assertEquals(cut.subList(0, 3), resumed.subList(0, 3), "the finished jobs' outcomes as they were kept");
            assertEquals(Map.of("analysed", 2.0, "no_log_delivery", 1.0), scanJobs(resumedMeters),
                    "the resumed scan counts the jobs it analysed, by outcome, and not those it read back");
        }
    }

    /** A fresh scan, as a restarted bot builds it: new instances, the same database and workspace. */
    private static FleetScan scan(Database db, WorkspaceEmulator emulator, Advisor advisor, MeterRegistry meters) {
        return new FleetScan(db, new ScanLedger<>(db, JobScan.class), new LatestRuns(Workspaces.connect(emulator.client(), BotHarness.WAREHOUSE), advisor), SCAN,
                Clock.systemUTC(), new BotMetrics(meters));
    }

    /** The scan-job counter ({@code spark_advisor_scan_jobs_total}) by outcome. */
    private static Map<String, Double> scanJobs(MeterRegistry meters) {
        Map<String, Double> out = new TreeMap<>();
        meters.find("spark.advisor.scan.jobs").counters().forEach(c -> out.put(c.getId().getTag("outcome"), c.count()));
        return out;
    }
}
