package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.store.AnalysedFinding;
import io.sparkadvisor.bot.store.StepSummary;
import io.sparkadvisor.bot.store.Subscription;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.billing.RunCost;
import io.sparkadvisor.databricks.billing.WeeklyCosts;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.templates.digest.DigestReport;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DigestBuilderTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");

    static JobCost job(String id, String cost, String previous) {
        return new JobCost(id, "job-" + id, 7, BigDecimal.TEN, new BigDecimal(cost), 7, new BigDecimal(previous));
    }

    static final WeeklyCosts COSTS = new WeeklyCosts("USD", new BigDecimal("1900"), new BigDecimal("1500"), List.of(
            job("1", "800", "900"), job("2", "500", "100"), job("3", "400", "380"), job("4", "150", "0")));

    static DigestReport build(List<StepSummary> verified, List<RunCost> runs) {
        return DigestBuilder.build(WEEK, 2, COSTS, null, List.of(new AnalysedFinding("4201-skew", 4201, 42L, "orders-ingest", "skew",
                "One task runs 18x longer", new Savings(29_100, 1.2), Instant.parse("2026-11-24T10:00:00Z"))), List.of(), verified, runs);
    }

    @Test
    void topJobsByCostAndBiggestIncreasesFromKnownRows() {
        DigestReport report = build(List.of(), List.of());

        assertEquals(new BigDecimal("1900"), report.total());
        assertEquals(new BigDecimal("1500"), report.previousTotal());
        assertEquals(List.of("1", "2"), report.topJobs().stream().map(DigestReport.JobLine::jobId).toList());
        assertEquals(List.of("2", "4"), report.increases().stream().map(DigestReport.JobLine::jobId).toList());
        assertEquals(new BigDecimal("400"), report.increases().get(0).change());
        assertEquals("skew", report.waste().get(0).rule());
        assertEquals(List.of(), report.realised());
    }

    @Test
    void realisedSavingIsCostPerRunBeforeMinusAfterTimesRunsAfter() {
        Instant applied = Instant.parse("2026-11-20T12:00:00Z");
        StepSummary change = new StepSummary("4101-io-bound-slots", "io-bound-slots", 2, 4101, 1, applied);
        List<RunCost> runs = List.of(
                run("2", "2026-11-01T00:00:00Z", "90"),     // more than 14 days before: not counted
                run("2", "2026-11-10T00:00:00Z", "12"), run("2", "2026-11-18T00:00:00Z", "14"),
                run("2", "2026-11-21T00:00:00Z", "9"), run("2", "2026-11-25T00:00:00Z", "8"), run("2", "2026-11-27T00:00:00Z", "7"),
                run("2", "2026-12-01T00:00:00Z", "1"),      // after the digest's week
                run("1", "2026-11-22T00:00:00Z", "100"));   // another job

        DigestReport.Realised realised = build(List.of(change), runs).realised().get(0);

        assertEquals(new BigDecimal("13.00"), realised.beforePerRun());
        assertEquals(new BigDecimal("8.00"), realised.afterPerRun());
        assertEquals(3, realised.runsAfter());
        assertEquals(new BigDecimal("15.00"), realised.saved());
        assertEquals("job-2", realised.job());
    }

    @Test
    void pendingStepsAreOnePerJobAndRuleTheNewestRecommendationsFirstUndecidedStep() {
        Instant at = Instant.parse("2026-11-25T10:00:00Z");
        List<StepSummary> newestFirst = List.of(
                new StepSummary("4210-io-bound-slots", "io-bound-slots", 42, 4210, 2, at),
                new StepSummary("4210-io-bound-slots", "io-bound-slots", 42, 4210, 1, at),
                new StepSummary("4210-skew", "skew", 42, 4210, 1, at),
                new StepSummary("4201-io-bound-slots", "io-bound-slots", 42, 4201, 1, at.minusSeconds(86_400)),
                new StepSummary("4301-io-bound-slots", "io-bound-slots", 43, 4301, 2, at.minusSeconds(86_400)));

        assertEquals(List.of("4210-io-bound-slots:1", "4210-skew:1", "4301-io-bound-slots:2"),
                DigestBuilder.actionable(newestFirst).stream().map(p -> p.recommendationId() + ":" + p.step()).toList());
    }

    @Test
    void aChangeWithoutRunsOnBothSidesShowsNoSaving() {
        StepSummary change = new StepSummary("r", "skew", 2, 1, 1, Instant.parse("2026-11-20T12:00:00Z"));
        assertEquals(Optional.empty(), DigestBuilder.realised(change, java.util.Map.of(),
                List.of(run("2", "2026-11-21T00:00:00Z", "9")), Instant.parse("2026-11-30T00:00:00Z")));
    }

    @Test
    void noiseControlsSuppressACheapWeekOrOneWithoutAnIncrease() {
        DigestReport report = build(List.of(), List.of());
        NoiseControls file = NoiseControls.of(new DigestConfig(null, new BigDecimal("2000"), false, null, null, null, null, null, null));

        assertTrue(file.silences(report).orElseThrow().contains("under the minimum of 2000"));
        Subscription lowerFloor = new Subscription("C1", "mon 09:00 UTC", new BigDecimal("100"), null, "U1", Instant.EPOCH, null);
        assertEquals(Optional.empty(), file.overriddenBy(lowerFloor).silences(report));
        Subscription onlyIncrease = new Subscription("C1", "mon 09:00 UTC", new BigDecimal("100"), true, "U1", Instant.EPOCH, null);
        assertEquals(Optional.empty(), file.overriddenBy(onlyIncrease).silences(report), "1900 is up from 1500");
        DigestReport flat = DigestBuilder.build(WEEK, 2, new WeeklyCosts("USD", new BigDecimal("1500"), new BigDecimal("1500"), List.of()),
                null, List.of(), List.of(), List.of(), List.of());
        assertTrue(file.overriddenBy(onlyIncrease).silences(flat).isPresent());
    }

    private static RunCost run(String job, String start, String cost) {
        return new RunCost(job, job + start, Instant.parse(start), new BigDecimal(cost));
    }
}
