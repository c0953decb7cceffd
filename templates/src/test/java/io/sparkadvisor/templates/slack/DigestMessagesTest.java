package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.LayoutBlock;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.digest.DigestReport.JobLine;
import io.sparkadvisor.templates.replies.ScanReply;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DigestMessagesTest {
    static final LocalDate MONDAY = LocalDate.parse("2026-11-30");

    static DigestReport report(String estimateReason, List<JobLine> jobs) {
        return new DigestReport(MONDAY, MONDAY.plusDays(7), "USD", estimateReason, new BigDecimal("1234.5"), new BigDecimal("1000"),
                jobs, jobs.subList(0, 1),
                List.of(new DigestReport.Waste("skew", "One task in stage 4 runs 18x longer than the median", "orders-ingest", 4201,
                                new Savings(29_100, 1.2).upTo()),
                        new DigestReport.Waste("memory-overprovisioned", "42x the memory needed", "orders-ingest", 4202,
                                Savings.ofNodes(1.5, 0.41))),
                List.of(new DigestReport.Pending("skew", 42, 4201, 1, Instant.parse("2026-12-01T10:00:00Z"))),
                List.of(new DigestReport.Realised("io-bound-slots", 1, "orders-ingest", new BigDecimal("12"), new BigDecimal("8.5"), 4)), null);
    }

    static final List<JobLine> JOBS = List.of(new JobLine("42", "orders-ingest", 14, new BigDecimal("500"), new BigDecimal("400")),
            new JobLine("7", null, 1, new BigDecimal("20"), BigDecimal.ZERO));

    @Test
    void textNamesEverySectionWithItsNumbers() {
        String text = DigestMessages.text(report(null, JOBS));

        assertEquals("""
                Jobs cost, Mon 30 Nov 2026 to Sun 6 Dec 2026
                spend $1,234.50, up 23.5% from $1,000.00 the week before
                From system.billing.usage at list prices (effective list), jobs compute and serverless.

                Top jobs by cost:
                  - orders-ingest (job 42): $500.00 in 14 runs, +25.0% vs $400.00
                  - job 7: $20.00 in 1 run, new this week

                Biggest increases:
                  - orders-ingest (job 42): +$100.00 to $500.00

                Waste found in runs analysed this week:
                  - skew on orders-ingest, run 4201: One task in stage 4 runs 18x longer than the median; saves up to 29.1 s and 1.20 core-hours per run
                  - memory-overprovisioned on orders-ingest, run 4202: 42x the memory needed; saves about 1.50 node-hours and $0.410 at list prices per run

                Awaiting approval:
                  - step 1 of skew for job 42 (from run 4201), proposed 2026-12-01

                Realised savings of verified changes ($14.00 in all):
                  - step 1 of io-bound-slots on orders-ingest: $12.00 → $8.50 per run over 4 runs, $14.00 saved
                """, text);
    }

    @Test
    void jobsThatGotCostlierComeWithTheirUsualCostAndTopCauseBeforeTheWaste() {
        DigestReport report = report(null, JOBS).withCostlier(List.of(new DigestReport.Costlier("42", "orders-ingest", new BigDecimal("1.01"),
                new BigDecimal("1.70"), 1, 4505, "More input: stage 1 read more records than in the baseline, +1.1 min against run 4503")));
        String line = "orders-ingest (job 42): $1.70 per run, +68.3% on its usual $1.01 (1 run); run 4505: More input: stage 1 read more"
                + " records than in the baseline, +1.1 min against run 4503";
        String text = DigestMessages.text(report);
        assertTrue(text.contains("Got slower or costlier this week:\n  - " + line + "\n\nWaste found"), text);
        String shown = BlockKitAssertions.text(BlockKitAssertions.parse(DigestMessages.slack(report).get(0)));
        assertTrue(shown.contains("*Got slower or costlier this week*\n• " + line), shown);
        assertTrue(!DigestMessages.text(report(null, JOBS)).contains("costlier"), "no section without such a job");
    }

    /** The line in the channel that a costlier job's comparison goes under: its cost per run now and as usual, a name inert. */
    @Test
    void aCostlierJobsThreadOpensWithItsCostPerRunNowAndAsUsual() {
        DigestReport report = report(null, JOBS);
        SlackMessage parent = DigestMessages.costlierParent(report, new DigestReport.Costlier("42", "<!channel> orders", new BigDecimal("1.01"),
                new BigDecimal("1.70"), 1, 4505, "More input"));
        String shown = BlockKitAssertions.text(BlockKitAssertions.parse(parent));
        assertTrue(shown.contains("(job 42) got costlier this week: $1.70 per run against its usual $1.01. Run 4505 compared with the job's"
                + " usual run is in the thread."), shown);
        assertTrue(!parent.blocksJson().contains("<!channel>") && !parent.text().contains("<!channel>"), parent.blocksJson());
    }

    @Test
    void topFixesShowTheArithmeticOfTheirDollarsAndTheJobsTheScanCouldNotRead() {
        DigestReport.TopFixes fixes = new DigestReport.TopFixes(20, List.of(new DigestReport.Fix("orders-ingest (job 42)", 4201, "skew",
                "One task runs 18x longer", "spark.sql.adaptive.skewJoin.enabled = true", DigestReport.SavingBasis.RUN_TIME, 5_000, 40_000,
                new BigDecimal("40.00"), new BigDecimal("5.00"), 7, new BigDecimal("35.00")),
                new DigestReport.Fix("etl (job 9)", 901, "executor-packing", "7 of 8 cores idle", "spark.executor.cores = 8",
                        DigestReport.SavingBasis.CORE_HOURS, 1.75, 2.08, new BigDecimal("20.00"), new BigDecimal("16.83"), 1,
                        new BigDecimal("16.83")),
                new DigestReport.Fix("etl (job 9)", 901, "memory-overprovisioned", "42x the memory needed", "node_type_id = m5.2xlarge",
                        DigestReport.SavingBasis.LIST_DOLLARS, 0.289, 20, new BigDecimal("20.00"), new BigDecimal("0.29"), 3,
                        new BigDecimal("0.87"))),
                List.of(new DigestReport.Unanalysed("job 7", "no log delivery: set cluster_log_conf", "cluster c1")), 1);
        String text = DigestMessages.text(report(null, JOBS).withTopFixes(fixes));
        assertTrue(text.contains("""
                Top fixes this week:
                  - orders-ingest (job 42): skew, One task runs 18x longer; $35.00 a week (12.5% of $40.00 a run x 7 runs); first step:\
                 spark.sql.adaptive.skewJoin.enabled = true
                  - etl (job 9): executor-packing, 7 of 8 cores idle; $16.83 a week (1.75 of the 2.08 core-hours the cluster held =\
                 84.1% of $20.00 a run x 1 run); first step: spark.executor.cores = 8
                  - etl (job 9): memory-overprovisioned, 42x the memory needed; $0.87 a week ($0.29 a run at list prices x 3 runs);\
                 first step: node_type_id = m5.2xlarge
                  1 fix this channel got in an earlier week left out: its dollars a week did not grow by scan.repostGrowth or more.

                Jobs the scan could not read:
                  - job 7: no log delivery: set cluster_log_conf (cluster c1)
                """), text);
        String shown = BlockKitAssertions.text(BlockKitAssertions.parse(DigestMessages.slack(report(null, JOBS).withTopFixes(fixes)).get(0)));
        assertTrue(shown.contains("Top fixes this week") && shown.contains("$35.00 a week"), shown);
    }

    @Test
    void anAlwaysOnJobsFixIsAShareOfItsClusterTimesItsWeek() {
        DigestReport.TopFixes fixes = new DigestReport.TopFixes(2, List.of(new DigestReport.Fix("kafka-enrich (job 50)", 5001,
                "source-parallelism", "2 Kafka partitions on 8 slots", "minPartitions = 8", DigestReport.SavingBasis.ALWAYS_ON, 0.6, 0.8,
                new BigDecimal("155.00"), new BigDecimal("116.25"), 1, new BigDecimal("116.25"))), List.of(), 0);
        String text = DigestMessages.text(report(null, JOBS).withTopFixes(fixes));
        assertTrue(text.contains("kafka-enrich (job 50): source-parallelism, 2 Kafka partitions on 8 slots; $116.25 a week (75.0% of the"
                + " always-on cluster's time x the $155.00 it cost this week); first step: minPartitions = 8"), text);
    }

    @Test
    void aJobTheScanDidNotReachInTimeIsListedWithWhatToRaiseAndNoDetail() {
        DigestReport.TopFixes fixes = new DigestReport.TopFixes(2, List.of(), List.of(
                new DigestReport.Unanalysed("job 7", ScanReply.NOT_IN_TIME.text(), null)), 0);
        String text = DigestMessages.text(report(null, JOBS).withTopFixes(fixes));
        assertTrue(text.contains("""
                Jobs the scan could not read:
                  - job 7: not analysed in time: raise scan.budgetMinutes or scan.parallelism
                """), text);
    }

    @Test
    void aWeekWithoutAnalysedRunsSaysWhereWasteComesFrom() {
        DigestReport quiet = new DigestReport(MONDAY, MONDAY.plusDays(7), "USD", null, new BigDecimal("10"), new BigDecimal("10"),
                JOBS, List.of(), List.of(), List.of(), List.of(), null);
        assertTrue(DigestMessages.text(quiet).endsWith("\nNo findings from runs analysed this week: the waste section lists what the"
                + " bot finds in runs people ask it about.\n"), DigestMessages.text(quiet));
        String shown = BlockKitAssertions.text(BlockKitAssertions.parse(DigestMessages.slack(quiet).get(0)));
        assertTrue(shown.contains("No findings from runs analysed this week") && !shown.contains("Awaiting approval"), shown);
    }

    @Test
    void anEstimateSaysSoInTheTitleTheTotalAndTheNote() {
        DigestReport estimate = report("No SQL warehouse is configured.", JOBS);
        String text = DigestMessages.text(estimate);
        assertTrue(text.startsWith("Jobs cost, Mon 30 Nov 2026 to Sun 6 Dec 2026 (estimate)\nestimated spend $1,234.50"), text);
        assertTrue(text.contains("Estimate: No SQL warehouse is configured. Costs are node-hours"), text);

        List<SlackMessage> slack = DigestMessages.slack(estimate);
        String shown = BlockKitAssertions.text(BlockKitAssertions.parse(slack.get(0)));
        assertTrue(shown.contains("(estimate)") && shown.contains("estimated spend") && shown.contains("Estimate: No SQL warehouse"), shown);
        assertTrue(slack.get(0).text().contains("(estimate)"), slack.get(0).text());
    }

    @Test
    void aDigestOfManyJobsWithLongNamesFitsSlacksLimits() {
        List<JobLine> many = IntStream.range(0, 400).mapToObj(i -> new JobLine(Integer.toString(i), "job-" + "x".repeat(120) + "-" + i,
                i, new BigDecimal(i), new BigDecimal(i / 2))).toList();
        List<SlackMessage> messages = DigestMessages.slack(report(null, many));

        List<LayoutBlock> blocks = new ArrayList<>();
        messages.forEach(m -> blocks.addAll(BlockKitAssertions.parse(m)));
        String shown = BlockKitAssertions.text(blocks);
        for (int i = 0; i < 400; i += 37) {
            assertTrue(shown.contains("-" + i + " (job " + i + ")"), "job " + i + " is missing");
        }
        assertTrue(messages.size() >= 1 && blocks.size() > 10, blocks.size() + " blocks");
    }

    @Test
    void mrkdwnInAJobNameCannotMentionOrLink() {
        List<JobLine> sneaky = List.of(new JobLine("1", "<!channel> <https://evil|x>", 1, BigDecimal.ONE, BigDecimal.ONE));
        String blocks = DigestMessages.slack(report(null, sneaky)).get(0).blocksJson();
        assertTrue(blocks.contains("&lt;!channel&gt;") && !blocks.contains("<!channel>"), blocks);
    }
}
