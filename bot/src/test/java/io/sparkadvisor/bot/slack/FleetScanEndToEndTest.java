package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.ScanClaims;
import io.sparkadvisor.bot.store.TestDatabases;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The weekly fleet scan end to end: 30 jobs with billing rows, runs and delivered corpus logs (four
 * unreadable), one digest whose "Top fixes this week" lists the fixes in dollar order with the
 * numbers worked out from the fixtures, a thread per fix whose Approve goes through the approval
 * desk, and the jobs the scan could not read with what to fix.
 */
class FleetScanEndToEndTest {
    static final Duration WAIT = Duration.ofSeconds(60);
    static final String APPROVER = "U0BOSS";
    static final Instant DUE = Instant.parse("2026-11-30T09:00:00Z");
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final ScanConfig SCAN = new ScanConfig(true, 30, 4, 5, 5, null, null, null);

    /** Clicks {@code action} on step 1 of the finding; returns the recommendation's id. */
    private static String click(BotHarness bot, FakeSlackApi.Call finding, String action) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        String payload = SlackPayloads.blockAction(finding, finding.param("blocks"), APPROVER, action, value.group(1), 1, bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
        return value.group(1);
    }

    /** Until the scan asked last has edited its parent message, its last step: every message of its thread is out. */
    private static void awaitScanDone(BotHarness bot) {
        await(WAIT, () -> !bot.slack.calls("chat.postMessage").isEmpty());
        List<FakeSlackApi.Call> posts = bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").isEmpty()).toList();
        String parent = posts.get(posts.size() - 1).tsPosted();
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("ts").equals(parent)));
    }

    /** The digest's line of {@code fix}, up to its first step. */
    private static String line(String shown, Fleet.Expected fix) {
        int at = shown.indexOf(fix.line());
        assertTrue(at >= 0, fix + " in " + shown);
        return shown.substring(at, shown.indexOf("first step", at));
    }

    @Test
    void aDigestListsTheTopFixesInDollarOrderWithAThreadEachAndTheJobsItCouldNotReadAndTheNextWeekHoldsWhatItSaw() throws Exception {
        try (BotHarness bot = BotHarness.scanning(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER), SCAN)) {
            Fleet.add(bot.workspace, 30);
            bot.requests.command("digest subscribe mon 09:00 UTC", CHANNEL, APPROVER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.slack.clear();

            bot.digestScheduler.setTime(DUE);
            bot.digestScheduler.runAnyDueExecutions();

            List<FakeSlackApi.Call> parents = bot.slack.calls("chat.postMessage").stream()
                    .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).toList();
            FakeSlackApi.Call digest = parents.get(0);
            String shown = bot.threadReplies(digest.tsPosted()).stream().map(c -> c.param("blocks"))
                    .collect(Collectors.joining("\n", digest.param("blocks") + "\n", ""));
            List<Fleet.Expected> expected = Fleet.expected(ScanClaims.outcomes(bot.db, WEEK), 30);
            assertTrue(expected.size() >= 5, "the corpus logs give at least five fixes: " + expected);
            int at = shown.indexOf("Top fixes this week");
            assertTrue(at > 0, shown);
            for (Fleet.Expected fix : expected.subList(0, 5)) {
                int line = shown.indexOf(fix.line(), at);
                assertTrue(line > at, "in dollar order: " + fix + " after position " + at + " in " + shown);
                assertTrue(shown.substring(line, shown.indexOf("first step", line)).contains(fix.dollars()), fix + " in " + shown);
                at = line;
            }
            assertTrue(!shown.contains(expected.size() > 5 ? expected.get(5).line() : "no sixth fix"), "five fixes, no more");
            Fleet.Expected stranded = expected.subList(0, 5).stream().filter(f -> f.basis().equals("CORE_HOURS")).findFirst().orElseThrow(
                    () -> new AssertionError("the one-core executors' stranded core-hours rank among the top five: " + expected));
            assertTrue(line(shown, stranded).contains("core-hours the cluster held") && line(shown, stranded).contains(stranded.dollars()), shown);

            assertTrue(shown.contains("etl-3 (job 604): no log delivery: set cluster_log_conf"), shown);
            assertTrue(shown.contains("etl-10 (job 611): logs go to S3"), shown);
            assertTrue(shown.contains("etl-17 (job 618): permission denied"), shown);
            assertTrue(shown.contains("etl-24 (job 625): the event log is gone"), shown);

            List<FakeSlackApi.Call> fixThreads = parents.subList(1, parents.size());
            assertEquals(5, fixThreads.size(), "one thread per fix, the digest first");
            for (int i = 0; i < 5; i++) {
                Fleet.Expected fix = expected.get(i);
                assertTrue(fixThreads.get(i).param("text").contains("etl-" + fix.k() + " (job " + Fleet.jobId(fix.k()) + ")")
                        && fixThreads.get(i).param("text").contains(fix.dollars().replace(" a week", "")), fixThreads.get(i).param("text"));
            }

            // A step the bot can apply has Approve; a code change is a step by hand, without it (as in an ask's answer).
            List<FakeSlackApi.Call> approvable = fixThreads.stream().map(t -> bot.threadReplies(t.tsPosted()).get(0))
                    .filter(f -> f.param("blocks").contains("approve_step")).toList();
            assertTrue(approvable.size() >= 2, "two fixes with Approve among " + expected.subList(0, 5));
            String approved = click(bot, approvable.get(0), "approve_step");
            await(WAIT, () -> new Changes(bot.db).find(approved, 1).map(c -> c.state() == ChangeState.APPLIED).orElse(false));
            assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "the approved step went to the job");
            String rejected = click(bot, approvable.get(1), "reject_step");
            await(WAIT, () -> new Changes(bot.db).find(rejected, 1).map(c -> c.state() == ChangeState.REJECTED).orElse(false));

            // The next week costs the same: the four fixes posted and not rejected are held (their dollars did not grow), the
            // rejected one is not proposed within the cooldown, and the next five in dollar order take their places.
            bot.slack.clear();
            bot.digestScheduler.setTime(DUE.plus(Duration.ofDays(7)));
            bot.digestScheduler.runAnyDueExecutions();
            List<FakeSlackApi.Call> next = bot.slack.calls("chat.postMessage").stream()
                    .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).toList();
            String week2 = bot.threadReplies(next.get(0).tsPosted()).stream().map(c -> c.param("blocks"))
                    .collect(Collectors.joining("\n", next.get(0).param("blocks") + "\n", ""));
            assertTrue(week2.contains("4 fixes this channel got in an earlier week left out"), week2);
            for (Fleet.Expected fix : expected.subList(0, 5)) {
                assertTrue(!week2.contains(fix.line()), fix + " is not listed again");
            }
            for (Fleet.Expected fix : expected.subList(5, Math.min(10, expected.size()))) {
                assertTrue(week2.contains(fix.line()), fix + " takes a freed place: " + week2);
            }
            assertEquals(1 + Math.min(5, expected.size() - 5), next.size(), "the digest and a thread per new fix");
        }
    }

    @Test
    void aScanAskedBySomeoneWhoIsNeitherApproverNorDigestAdminIsRefusedAndRunsNothing() throws Exception {
        try (BotHarness bot = BotHarness.scanning(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER), SCAN)) {
            Fleet.add(bot.workspace, 6);
            bot.workspace.clearRequests();
            assertEquals(200, bot.requests.command("scan", CHANNEL, USER).statusCode());
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());

            String refused = bot.slack.calls("response_url").get(0).param("json");
            assertTrue(refused.contains("Only approvers and digest admins may start a fleet scan"), refused);
            assertTrue(!refused.contains("in_channel"), "only the asker sees it (a response URL's default): " + refused);
            assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"), "no billing statement ran");
            assertEquals(List.of(), bot.slack.calls("chat.postMessage"), "no scan thread");
            assertEquals(0, Fleet.logReads(bot.workspace, 0), "no job analysed");
        }
    }

    @Test
    void aSecondScanInAChannelTheSameDayIsRefusedWithItsTimeAndRunsNoStatementAndASharedChannelGetsNone() throws Exception {
        try (BotHarness bot = BotHarness.scanning(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS",
                USER + "," + APPROVER), new ScanConfig(true, 6, 2, 5, 5, null, null, null))) {
            Fleet.add(bot.workspace, 6);
            bot.requests.command("scan", CHANNEL, USER);
            awaitScanDone(bot);
            int statements = bot.workspace.requests("POST", "/api/2.0/sql/statements").size();
            assertTrue(statements > 0, "the first scan ran the billing query");
            bot.slack.clear();

            assertEquals(200, bot.requests.command("scan", CHANNEL, APPROVER).statusCode()); // the limit is the channel's, whoever asks
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            String refused = bot.slack.calls("response_url").get(0).param("json");
            assertTrue(refused.contains("This channel had its 1 on-demand scan for today (UTC); the next one is possible from"
                    + " Thu 26 Nov 00:00 UTC."), refused);
            assertEquals(statements, bot.workspace.requests("POST", "/api/2.0/sql/statements").size(), "no statement ran");
            assertEquals(List.of(), bot.slack.calls("chat.postMessage"), "no scan thread");

            bot.slack.clear();
            bot.slack.share("C0CONNECT", "is_ext_shared");
            bot.requests.command("scan", "C0CONNECT", USER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            refused = bot.slack.calls("response_url").get(0).param("json");
            assertTrue(refused.contains("This channel is shared with people outside your organisation (Slack Connect)"), refused);
            assertEquals(statements, bot.workspace.requests("POST", "/api/2.0/sql/statements").size(), "no statement ran");

            bot.slack.clear();
            bot.digestScheduler.setTime(BotHarness.NOW.plus(Duration.ofDays(1)));
            bot.requests.command("scan", CHANNEL, USER);
            awaitScanDone(bot);
            assertTrue(bot.workspace.requests("POST", "/api/2.0/sql/statements").size() > statements, "the next day, a scan again");
        }
    }

    @Test
    void scanOnDemandShowsItsProgressInPlaceThenTheTopFixes() throws Exception {
        try (BotHarness bot = BotHarness.scanning(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", USER),
                new ScanConfig(true, 6, 2, 5, 5, null, null, null))) {
            Fleet.add(bot.workspace, 6);
            assertEquals(200, bot.requests.command("scan", CHANNEL, USER).statusCode());
            await(WAIT, () -> !bot.slack.calls("chat.postMessage").isEmpty());
            FakeSlackApi.Call parent = bot.slack.calls("chat.postMessage").get(0);
            await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("ts").equals(parent.tsPosted())));

            FakeSlackApi.Call progress = bot.threadReplies(parent.tsPosted()).get(0);
            assertTrue(progress.param("text").contains("Scanning the latest run of the 6 costliest jobs"), progress.param("text"));
            List<String> lines = bot.slack.calls("chat.update").stream().filter(c -> c.param("ts").equals(progress.tsPosted()))
                    .map(c -> c.param("text")).toList();
            assertTrue(lines.stream().anyMatch(l -> l.contains("Scanning: 6 of 6 jobs done, 1 could not be read")), lines.toString());
            assertTrue(lines.get(lines.size() - 1).contains("Scan done: 5 jobs analysed, 1 could not be read"), lines.toString());
            String shown = bot.threadReplies(parent.tsPosted()).stream().map(c -> c.param("blocks")).collect(Collectors.joining("\n"));
            assertTrue(shown.contains("Top fixes this week") && shown.contains("etl-3 (job 604): no log delivery"), shown);
            Matcher week = Pattern.compile("of the week of (\\d{4}-\\d{2}-\\d{2})").matcher(progress.param("text"));
            assertTrue(week.find(), progress.param("text"));
            List<Fleet.Expected> expected = Fleet.expected(ScanClaims.outcomes(bot.db, LocalDate.parse(week.group(1))), 6);
            assertTrue(expected.size() <= 5, "all shown: " + expected);
            Fleet.Expected smallerNodes = expected.stream().filter(f -> f.basis().equals("LIST_DOLLARS")).findFirst().orElseThrow(
                    () -> new AssertionError("the 60 oversized workers' node-type change is ranked: " + expected));
            assertEquals(new Fleet.Expected(5, "memory-overprovisioned", "LIST_DOLLARS", smallerNodes.perWeek()), smallerNodes);
            assertTrue(line(shown, smallerNodes).contains("a run at list prices x 11 runs") && line(shown, smallerNodes)
                    .contains(smallerNodes.dollars()), shown);
        }
    }
}
