package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.FIRST_RUN_START;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.digest.DigestsTest;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.knowledge.Corpus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "why RUN" end to end: the Bolt app against the fake Slack and the Databricks emulator, whose job 45 (sales-report)
 * ran four times as usual (the corpus's sales-report log three times, sales-report-again once, each on its own job
 * cluster, 115-125 s by the Jobs API) and then on three times the sales (sales-report-3x, run 4505, 195 s); job 46 ran once.
 * {@link BotHarness#USER} approves, so may preview the digest.
 */
class WhyEndToEndTest extends SharedBotTest {
    private static final Duration ANSWER = Duration.ofSeconds(120);
    private static final long HOUR = 3_600_000L;

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", USER), Clock.systemUTC());
        BotHarness.addJob(bot.workspace, 45, "sales-report", "1205-sales", null, 1, 0);
        List<String> logs = List.of("sales-report", "sales-report-again", "sales-report", "sales-report", "sales-report-3x");
        List<Long> seconds = List.of(115L, 125L, 118L, 120L, 195L); // as the Jobs API gives the runs' times
        for (int i = 0; i < logs.size(); i++) {
            bot.addRun(45, 4501 + i, "sales-report", "1205-sales-" + (i + 1), Corpus.dir().resolve(logs.get(i) + ".log.gz"),
                    FIRST_RUN_START + i * HOUR, seconds.get(i) * 1000);
        }
        BotHarness.addJob(bot.workspace, 46, "sales-report-once", "1205-once", null, 1, 0);
        bot.addRun(46, 4601, "sales-report-once", "1205-once-1", Corpus.dir().resolve("sales-report-3x.log.gz"), FIRST_RUN_START);
    }

    @Test
    void whyOnARunSlowerThanItsHistoryAnswersWithTheCausesAndAWaterfall() {
        double asked = whyAsks();
        assertTrue(bot.requests.command("why 4505", CHANNEL, USER).body().contains("Looking into"));
        assertEquals(asked + 1, whyAsks(), "counted as an ask");

        String parentTs = awaitAnswer("4505");
        String answer = reply(parentTs, "Against run");
        assertTrue(Pattern.compile("Against run 450[134] \\([^)]+\\), the median of the job's last 4 earlier runs with the same setup")
                .matcher(answer).find(), answer);
        assertTrue(answer.contains("*1. More input: "), "the 3x input is named first: " + answer);
        assertTrue(answer.contains("stage 1 read 600,000 records (was 200,000 records, 3.00x)"), "with its arithmetic: " + answer);
        String parent = finalParent("4505");
        assertTrue(parent.contains("Run 4505 of sales-report: +") && parent.contains("mostly More input"), parent);

        assertEquals("run-time-waterfall.png", bot.slack.calls("files.getUploadURLExternal").get(0).param("filename"));
        FakeSlackApi.Call complete = bot.slack.calls("files.completeUploadExternal").get(0);
        assertEquals(parentTs, complete.param("thread_ts"));
        assertTrue(complete.param("files").contains("From the baseline"), complete.param("files"));
        assertTrue(bot.slack.calls("upload").get(0).bodyBytes() > 5_000, "a PNG was sent to the upload URL");
    }

    @Test
    void aBaselineAskedForWinsOverTheHistory() {
        bot.requests.command("why 4505 vs 4502", CHANNEL, USER);

        String answer = reply(awaitAnswer("4505"), "Against run");
        assertTrue(answer.contains("Against run 4502 (") && answer.contains("as asked"), answer);
        assertTrue(answer.contains("*1. More input: "), answer);
    }

    /** Its job's viewers were never asked: a run of another job is refused, not read. */
    @Test
    void aBaselineOfAnotherJobIsRefused() {
        bot.requests.command("why 4505 vs 4601", CHANNEL, USER);

        awaitAnswer("4505");
        String parent = finalParent("4505");
        assertTrue(parent.contains(":warning:") && parent.contains("Run 4505 is a run of job 45 and run 4601 of job 46: compare a run with"
                + " a run of its own job."), parent);
        assertEquals(List.of(), bot.slack.calls("files.getUploadURLExternal"));
    }

    @Test
    void aRunWithNoHistorySaysSo() {
        bot.requests.command("why 4601", CHANNEL, USER);

        String answer = reply(awaitAnswer("4601"), "no earlier run");
        assertTrue(answer.contains("Run 4601 of sales-report-once has no earlier run of its job with an event log"), answer);
        assertEquals(List.of(), bot.slack.calls("files.getUploadURLExternal"), "nothing to draw");
    }

    @Test
    void anAskAboutARunSlowerThanItsHistoryOffersWhyAndAUsualRunDoesNot() {
        bot.requests.command("run:4505", CHANNEL, USER);
        assertTrue(bot.threadReplies(awaitAnswer("run:4505")).stream().anyMatch(r -> r.param("text").contains("ask `/spark-advisor why 4505`")));

        bot.slack.clear();
        bot.requests.command("run:4504", CHANNEL, USER);
        List<FakeSlackApi.Call> usual = bot.threadReplies(awaitAnswer("run:4504"));
        assertTrue(usual.stream().anyMatch(r -> r.param("blocks").contains("Run 4504 of sales-report")), "answered");
        assertTrue(usual.stream().noneMatch(r -> r.param("text").contains("why 4504")), "a run as fast as usual is not offered why");
    }

    /**
     * The week of 18 November 2026 (the preview's at the harness's NOW): job 45 ran once for $1.70 (run 4505), against
     * $0.98-$1.05 a run in the four weeks before (runs 4501-4504).
     */
    @Test
    void theDigestListsTheJobThatGotCostlierWithItsTopCause() throws Exception {
        job45Costs("2026-10-28T10:00:00Z", "2026-11-04T10:00:00Z", "2026-11-11T10:00:00Z", "2026-11-15T10:00:00Z", "2026-11-20T10:00:00Z");
        bot.digestScheduler.setTime(BotHarness.NOW);

        bot.requests.command("digest preview", CHANNEL, USER);
        await(ANSWER, () -> !bot.slack.calls("response_url").isEmpty());
        String shown = bot.slack.calls("response_url").get(0).param("json");

        assertTrue(shown.contains("*Got slower or costlier this week*"), shown);
        assertTrue(shown.contains("sales-report (job 45): $1.70 per run, +68.3% on its usual $1.01 (1 run); run 4505: More input: stage 1"
                + " read more records than in the baseline, +1.1 min against run 450"), shown);
    }

    /**
     * The digest of Monday 30 November 2026 (the week of 23 November, run 4505 that week at $1.70 against $0.98-$1.05 before)
     * gives job 45 a line in the channel, and in its thread the comparison `why 4505` answers with and the waterfall. The next
     * week's first try fails in that thread once its line is out; the retry finishes the digest without a second line.
     */
    @Test
    void aJobThatGotCostlierGetsAThreadWithTheComparisonOnceAWeek() {
        job45Costs("2026-11-04T10:00:00Z", "2026-11-11T10:00:00Z", "2026-11-18T10:00:00Z", "2026-11-22T10:00:00Z", "2026-11-25T10:00:00Z");
        bot.digestScheduler.setTime(BotHarness.NOW);
        bot.requests.command("digest subscribe mon 09:00 UTC", CHANNEL, USER);
        await(ANSWER, () -> !bot.slack.calls("response_url").isEmpty());

        bot.digestScheduler.setTime(Instant.parse("2026-11-30T09:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();

        List<FakeSlackApi.Call> lines = costlierLines();
        assertEquals(1, lines.size(), "one thread for the one costlier job: " + bot.parents());
        String line = lines.get(0).param("text");
        assertTrue(line.contains("sales-report (job 45) got costlier this week: $1.70 per run against its usual $1.01. Run 4505"), line);
        String answer = reply(lines.get(0).tsPosted(), "Against run");
        assertTrue(Pattern.compile("Against run 450[134] \\([^)]+\\), the median of the job's last 4 earlier runs with the same setup")
                .matcher(answer).find(), answer);
        assertTrue(answer.contains("*1. More input: ") && answer.contains("stage 1 read 600,000 records (was 200,000 records, 3.00x)"), answer);
        FakeSlackApi.Call waterfall = bot.slack.calls("files.completeUploadExternal").stream()
                .filter(c -> c.param("thread_ts").equals(lines.get(0).tsPosted())).findFirst().orElseThrow();
        assertTrue(waterfall.param("files").contains("From the baseline"), waterfall.param("files"));
        assertTrue(bot.slack.calls("files.getUploadURLExternal").stream().anyMatch(c -> c.param("filename").equals("run-time-waterfall.png")));

        bot.slack.clear();
        job45Costs("2026-11-04T10:00:00Z", "2026-11-11T10:00:00Z", "2026-11-18T10:00:00Z", "2026-11-22T10:00:00Z", "2026-12-02T10:00:00Z");
        bot.slack.refuseOnce("chat.postMessage", "Against run");
        bot.digestScheduler.setTime(Instant.parse("2026-12-07T09:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertEquals(1, bot.slack.calls("refused").size(), "the first try failed in the job's thread");
        LocalDate week = LocalDate.parse("2026-11-30");
        assertTrue(new DigestSubscriptions(bot.db).unfinished(CHANNEL, week).isPresent(), "the digest is left to its retry");

        bot.digestScheduler.setTime(Instant.parse("2026-12-07T09:20:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertTrue(new DigestSubscriptions(bot.db).unfinished(CHANNEL, week).isEmpty(), "the retry finished the digest");
        assertEquals(1, costlierLines().size(), "the job's line once in the week: " + bot.parents());
    }

    /** Job 45's runs 4501-4505 started at {@code starts}, for $1.00, $1.05, $0.98, $1.02 and then $1.70; $1.70 in the digest's week. */
    private static void job45Costs(String... starts) {
        bot.workspace.onStatement("total_previous_cost", StatementScript.succeeds(DigestsTest.WEEKLY, List.of(
                List.of(List.of("45", "sales-report", "1", "10", "1.70", "1", "1.02", "USD", "1.70", "1.02")))));
        List<String> costs = List.of("1.00", "1.05", "0.98", "1.02", "1.70");
        List<List<String>> runs = new ArrayList<>();
        for (int i = 0; i < starts.length; i++) {
            runs.add(List.of("45", Long.toString(4501 + i), Long.toString(Instant.parse(starts[i]).toEpochMilli()), costs.get(i)));
        }
        bot.workspace.onStatement("GROUP BY job_id, job_run_id", StatementScript.succeeds(List.of("job_id", "job_run_id", "start_ms", "cost"),
                List.of(runs)));
    }

    private static List<FakeSlackApi.Call> costlierLines() {
        return bot.parents().stream().filter(c -> c.param("channel").equals(CHANNEL) && c.param("text").contains("got costlier this week"))
                .toList();
    }

    private static double whyAsks() {
        return bot.metrics.registry().counter("spark.advisor.asks", "queued", "true").count();
    }

    /** The parent's ts once its ask about {@code asked} is answered (or failed). */
    private static String awaitAnswer(String asked) {
        await(ANSWER, () -> !finalParent(asked).isEmpty());
        return bot.parents().stream().filter(c -> c.param("blocks").contains("`" + asked + "`")).findFirst().orElseThrow().tsPosted();
    }

    private static String finalParent(String asked) {
        return bot.slack.calls("chat.update").stream().map(c -> c.param("blocks"))
                .filter(b -> b.contains("`" + asked + "`") && (b.contains("Details in the thread") || b.contains(":warning:")))
                .findFirst().orElse("");
    }

    private static String reply(String parentTs, String containing) {
        return bot.threadReplies(parentTs).stream().map(c -> c.param("blocks")).filter(b -> b.contains(containing)).findFirst()
                .orElseThrow(() -> new AssertionError("no reply with " + containing + " in " + bot.threadReplies(parentTs)));
    }
}
