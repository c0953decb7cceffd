package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.bot.approvals.InterruptedApprovals;
import io.sparkadvisor.bot.followup.HealthRuleOffering;
import io.sparkadvisor.bot.followup.WindowWatcher;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.Fault;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A step on a continuous job end to end, through the Slack app against the emulator: job 46 runs continuously, its active
 * run 4601 delivering the real Kafka query that falls behind (corpus stream-kafka-waits). Its falling-behind finding's
 * Approve sends one jobs/update and cancels nothing; only an approver's Restart now cancels the active run (once), the
 * emulator starts the next run with the new settings as Databricks does, delivering another real streaming log (the
 * healthy control, or a Kafka query further behind), the verdict comes from a window of that run's batches against the
 * same window of the cancelled run, and Roll back waits for its own Restart now. A step still awaiting its restart rolls
 * back with no restart.
 */
class ContinuousJobEndToEndTest {
    private static final String APPROVER = "U0BOB";
    private static final String BYSTANDER = "U0EVE";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CANCEL = "/api/2.2/jobs/runs/cancel";
    private static final String UPDATE = "/api/2.2/jobs/update";
    /** The restarted run keeps up: the rate source well within its 15 s trigger (17 batches). */
    private static final String HEALTHY = "streaming/stream-healthy.log.gz";
    /** The restarted run falls further behind: 2 Kafka partitions, its backlog growing faster (23 batches). */
    private static final String FURTHER_BEHIND = "streaming/stream-kafka-2-partitions.log.gz";

    private BotHarness bot;
    private WindowWatcher windows;

    @BeforeEach
    void continuousJob() throws IOException {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER + "," + BotHarness.USER,
                "SPARK_ADVISOR_APPROVER_GROUP", FakeSlackApi.GROUP), Clock.systemUTC());
        BotHarness.addJob(bot.workspace, 46, "kafka-enrich", "1203-kafka", "streaming/stream-kafka-waits.log.gz", 4601, 4601);
        ObjectNode job = read("jobs/46.json");
        ((ObjectNode) job.path("settings")).putObject("continuous").put("pause_status", "UNPAUSED");
        bot.workspace.putJson("jobs/46.json", job.toString());
        running(4601);
        // The corpus queries run 17 to 27 batches: a window of 15 fills in each (the default, 50 batches or 30 minutes, in a longer run).
        Workspace connected = Workspaces.connect(bot.workspace.client(), null);
        windows = new WindowWatcher(new Recommendations(bot.db), new Changes(bot.db), connected,
                new SlackChangeReplies(bot.bot.app().client()), Clock.systemUTC(),
                Thresholds.withOverrides(Map.of("follow-up.streamingWindowBatches", "15")), new HealthRuleOffering(connected,
                        new Changes(bot.db), new Recommendations(bot.db).healthRuleOffers(), Thresholds.defaults(), Clock.systemUTC()));
    }

    /** Run {@code runId} of job 46 as one that has not ended. */
    private void running(long runId) throws IOException {
        ObjectNode run = read("runs/" + runId + ".json");
        run.putObject("state").put("life_cycle_state", "RUNNING").put("state_message", "");
        run.remove("end_time");
        run.path("tasks").forEach(t -> ((ObjectNode) t).set("state", run.path("state")));
        bot.workspace.putJson("runs/" + runId + ".json", run.toString());
    }

    /** The approver's Approve on step 1 of {@code finding}, and the note it brings: the step in the settings, awaiting its restart. */
    private FakeSlackApi.Call approved(FakeSlackApi.Call finding, String id) {
        click(finding, finding.param("blocks"), APPROVER, "approve_step", "approval:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "approved step 1") != null);
        return restartNote(finding, "approved step 1");
    }

    @AfterEach
    void stop() throws Exception {
        bot.close();
    }

    @Test
    void approveChangesTheSettingsOnlyRestartNowCancelsTheActiveRunOnceTheVerdictComesFromItsWindowAndRollBackRestartsToo()
            throws Exception {
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        assertTrue(finding.param("blocks").contains("This job is continuous"), "the Approve message says a restart puts it in effect");
        String id = idOf(finding);

        click(finding, finding.param("blocks"), APPROVER, "approve_step", "approval:" + id + ":1", id + ":1");
        await(WAIT, () -> state(id) == ChangeState.AWAITING_RESTART && restartNote(finding, "approved step 1") != null);
        assertEquals(1, bot.workspace.requests("POST", UPDATE).size());
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size(), "approving restarts nothing");
        assertTrue(settings46().contains("SPARK_WORKER_CORES"), settings46());
        windows.poll();
        assertEquals(ChangeState.AWAITING_RESTART, state(id), "not in effect: not judged on the run that started before");
        FakeSlackApi.Call awaiting = restartNote(finding, "approved step 1");
        bot.workspace.restartDelivers(46, Corpus.dir().resolve(HEALTHY));

        click(awaiting, awaiting.param("blocks"), BYSTANDER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size(), "only an approver restarts the job");

        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "run 4601 was cancelled") != null && bot.slack.calls("chat.postEphemeral").size() >= 2);
        assertEquals(1, bot.workspace.requests("POST", CANCEL).size(), "a double click cancels once");
        assertEquals(ChangeState.APPLIED, state(id));
        JsonNode restarted = read("runs/4602.json");
        assertEquals("RUNNING", restarted.path("state").path("life_cycle_state").asText(), "the job restarted itself with run 4602");
        assertEquals("CANCELED", read("runs/4601.json").path("state").path("result_state").asText());
        assertTrue(restarted.path("job_clusters").toString().contains("SPARK_WORKER_CORES"), "the new run has the new settings");
        assertEquals(Optional.of(4602L), Workspaces.connect(bot.workspace.client(), null).activeRun(46));

        windows.poll();
        await(WAIT, () -> state(id) == ChangeState.VERIFIED);
        FakeSlackApi.Call verdict = restartNote(finding, "passed its checks on run 4602");
        String text = verdict.param("blocks");
        assertTrue(text.contains("15 batches") && text.contains("(run 4601)") && text.contains("roll_back_step"), text);
        // The window figures of the two real logs: the healthy run's median batch 1.9 s against 3.1 s, none over its trigger.
        assertTrue(text.contains("input / processing rate") && text.matches("(?s).*median batch time +3\\.1 s +1\\.9 s +pass.*"), text);
        assertTrue(!text.contains("offsets behind latest"), "the healthy control reads a rate source: no offsets to compare " + text);
        await(WAIT, () -> restartNote(finding, "approve_step") != null);
        assertTrue(restartNote(finding, "approve_step").param("blocks").contains(id + ":2"), "a pass brings step 2's Approve");
        windows.poll();
        assertEquals(1, bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("blocks").contains("passed its checks")).count(),
                "judged once");

        click(verdict, verdict.param("blocks"), APPROVER, "roll_back_step", "rollback:" + id + ":1", id + ":1");
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK_AWAITING_RESTART && restartNote(finding, "rolled back step 1") != null);
        assertEquals(2, bot.workspace.requests("POST", UPDATE).size());
        assertEquals(1, bot.workspace.requests("POST", CANCEL).size(), "the roll back too waits for Restart now");
        assertTrue(!settings46().contains("SPARK_WORKER_CORES"), settings46());

        FakeSlackApi.Call rolledBack = restartNote(finding, "rolled back step 1");
        click(rolledBack, rolledBack.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && restartNote(finding, "run 4602 was cancelled") != null);
        assertEquals(2, bot.workspace.requests("POST", CANCEL).size());
        assertTrue(!read("runs/4603.json").path("job_clusters").toString().contains("SPARK_WORKER_CORES"), "restarted without the step");
    }

    /*
     * The streaming backlog rule after a window verdict. Job 46 alerts on its backlog in seconds already. The verdict on
     * run 4602 (the same Kafka query: offsets behind latest up to 4,093 over its 27 batches) brings the offer of
     * STREAMING_BACKLOG_RECORDS at 1.5 x 4,093 = 6,140; an approver's click sends one jobs/update keeping the job's rule.
     */
    @Test
    void aStepVerifiedOnItsRestartsWindowOffersTheBacklogAlertAndTheClickSetsItKeepingTheJobsRules() throws Exception {
        String seconds = "{\"metric\":\"STREAMING_BACKLOG_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":600}";
        ObjectNode job = read("jobs/46.json");
        ((ObjectNode) job.path("settings")).set("health", JSON.readTree("{\"rules\":[" + seconds + "]}"));
        bot.workspace.putJson("jobs/46.json", job.toString());
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        FakeSlackApi.Call awaiting = approved(finding, id);
        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "run 4601 was cancelled") != null);
        windows.poll();
        assertEquals(ChangeState.VERIFIED, state(id));

        FakeSlackApi.Call offer = restartNote(finding, "set_health_rule");
        assertTrue(offer != null, "the window's verdict brings the offer");
        String text = offer.param("text");
        assertTrue(text.contains("more than 6,140 records behind") && text.contains("(4,093 records)") && text.contains("of run 4602")
                && text.contains("STREAMING_BACKLOG_RECORDS"), text);
        bot.workspace.clearRequests();

        click(offer, offer.param("blocks"), APPROVER, "set_health_rule", "health:" + id + ":1", id + ":1");
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("ts").equals(offer.tsPosted())));
        List<RecordedRequest> updates = bot.workspace.requests("POST", UPDATE);
        assertEquals(1, updates.size());
        assertEquals(JSON.readTree("{\"health\":{\"rules\":[" + seconds + ",{\"metric\":\"STREAMING_BACKLOG_RECORDS\","
                + "\"op\":\"GREATER_THAN\",\"value\":6140}]}}"), JSON.readTree(updates.get(0).body()).path("new_settings"),
                "the job's backlog-seconds rule kept, the records rule added");
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size(), "an alert needs no restart");
    }

    @Test
    void aRestartWhoseCancelFailsLeavesTheStepWaitingAndSaysWhyAndTheNextConfirmationRestarts() throws Exception {
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        FakeSlackApi.Call awaiting = approved(finding, id);

        bot.workspace.failNext("POST", CANCEL, Fault.serverError(), 1);
        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "was not restarted") != null);
        assertEquals(ChangeState.AWAITING_RESTART, state(id), "still waiting, not judged");
        assertEquals("RUNNING", read("runs/4601.json").path("state").path("life_cycle_state").asText());
        windows.poll();
        assertEquals(ChangeState.AWAITING_RESTART, state(id));

        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "run 4601 was cancelled") != null);
        assertEquals(ChangeState.APPLIED, state(id));
        assertEquals("CANCELED", read("runs/4601.json").path("state").path("result_state").asText());
    }

    @Test
    void aRestartedRunThatFallsFurtherBehindFailsItsChecksOnItsWindowAndKeepsItsRollBackWithoutTheNextStep() throws Exception {
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        FakeSlackApi.Call awaiting = approved(finding, id);
        bot.workspace.restartDelivers(46, Corpus.dir().resolve(FURTHER_BEHIND));
        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "run 4601 was cancelled") != null);

        windows.poll();
        await(WAIT, () -> state(id) == ChangeState.CHECKS_FAILED);
        String text = restartNote(finding, "failed its checks on run 4602").param("blocks");
        // The window figures of the two real logs: median batch 3.6 s against 3.1 s, the backlog growing by more.
        assertTrue(text.contains("15 batches") && text.contains("(run 4601)") && text.contains("roll_back_step"), text);
        assertTrue(text.matches("(?s).*median batch time +3\\.1 s +3\\.6 s +FAIL.*"), text);
        assertTrue(text.matches("(?s).*offsets behind latest, growth +\\+\\d[\\d,]* +\\+\\d[\\d,]* +FAIL.*"), text);
        assertEquals(null, restartNote(finding, "approve_step"), "a failed step brings no next step");
    }

    @Test
    void aStepRolledBackBeforeItsRestartIsRolledBackWithNoRestartAndARollBackThatDidNotTakeLeavesItWaiting() throws Exception {
        String before = settings46();
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        FakeSlackApi.Call awaiting = approved(finding, id);
        await(WAIT, () -> state(id) == ChangeState.AWAITING_RESTART);
        assertTrue(awaiting.param("blocks").contains("roll_back_step"), "the awaiting note offers Roll back beside Restart now");

        bot.workspace.failNext("POST", UPDATE, Fault.serverError(), 1);
        click(awaiting, awaiting.param("blocks"), APPROVER, "roll_back_step", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> bot.workspace.requests("POST", UPDATE).size() == 2 && state(id) == ChangeState.AWAITING_RESTART
                && audit(id).contains("roll-back-refused"));
        assertTrue(settings46().contains("SPARK_WORKER_CORES"), "the roll back did not take: the step still waits for its restart");

        click(awaiting, awaiting.param("blocks"), APPROVER, "roll_back_step", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && restartNote(finding, "before its restart") != null);
        assertEquals(before, settings46(), "the settings from before the step");
        assertEquals(3, bot.workspace.requests("POST", UPDATE).size());
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size(), "nothing of the step was in effect: no restart");
        assertTrue(restartNote(finding, "before its restart").param("blocks").contains("no restart is needed"));
        assertEquals(List.of("approved", "sending", "applied", "awaiting-restart", "rolling-back", "roll-back-refused", "rolling-back",
                "rolled-back"), audit(id));
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Rolled back by")
                && !c.param("blocks").contains("restart_job")));

        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size(), "a rolled-back step's old Restart now restarts nothing");
        windows.poll();
        assertEquals(ChangeState.ROLLED_BACK, state(id), "never judged");
    }

    @Test
    void anApplyAStoppedBotLeftOnAContinuousJobWaitsForItsRestartWithRestartNowInTheThread() throws Exception {
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        // the read before the update is answered; the read back after it fails on every retry: the outcome is unknown
        bot.workspace.failAfter("GET", "/api/2.2/jobs/get", 1, Fault.serverError(), 6);
        click(finding, finding.param("blocks"), APPROVER, "approve_step", "approval:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "could not read the job back") != null);
        assertEquals(ChangeState.APPLYING, state(id));

        Clock later = Clock.offset(Clock.systemUTC(), JobLocks.TTL.plusMinutes(1));
        new InterruptedApprovals(new Recommendations(bot.db), new Changes(bot.db), new JobLocks(bot.db, later),
                Workspaces.connect(bot.workspace.client(), null), new SlackChangeReplies(bot.bot.app().client()), later).finish();

        assertEquals(ChangeState.AWAITING_RESTART, state(id), "in the settings, not in effect: not judged as applied");
        await(WAIT, () -> restartNote(finding, "approved step 1") != null);
        FakeSlackApi.Call awaiting = restartNote(finding, "approved step 1");
        assertTrue(awaiting.param("blocks").contains(APPROVER) && awaiting.param("blocks").contains("restart_job"), awaiting.param("blocks"));
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size());

        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "run 4601 was cancelled") != null);
        assertEquals(ChangeState.APPLIED, state(id));
        assertEquals(1, bot.workspace.requests("POST", CANCEL).size());
    }

    @Test
    void aRestartWithNoRunActiveSaysSoAndJudgesTheNextRunAgainstTheAdvisedRun() throws Exception {
        FakeSlackApi.Call finding = bot.postedFinding(4601, BotHarness.USER, "falling-behind");
        String id = idOf(finding);
        FakeSlackApi.Call awaiting = approved(finding, id);
        ObjectNode stopped = read("runs/4601.json");
        stopped.putObject("state").put("life_cycle_state", "TERMINATED").put("result_state", "CANCELED").put("state_message", "");
        bot.workspace.putJson("runs/4601.json", stopped.toString());

        click(awaiting, awaiting.param("blocks"), APPROVER, "restart_job", "restart:" + id + ":1", id + ":1");
        await(WAIT, () -> restartNote(finding, "no run of it was active") != null);
        assertTrue(restartNote(finding, "no run of it was active").param("blocks").contains("run 4601, the run the advice came from"));
        assertEquals(0, bot.workspace.requests("POST", CANCEL).size());

        bot.addRun(46, 4602, "kafka-enrich", "1203-kafka-r4602", Corpus.dir().resolve(HEALTHY), System.currentTimeMillis());
        running(4602);
        windows.poll();
        await(WAIT, () -> state(id) == ChangeState.VERIFIED);
        assertTrue(restartNote(finding, "passed its checks on run 4602").param("blocks").contains("(run 4601)"));
    }

    private List<String> audit(String id) {
        return new Changes(bot.db).audit(46).stream().filter(e -> e.recommendationId().equals(id)).map(e -> e.action().id()).toList();
    }

    private ObjectNode read(String file) throws IOException {
        return (ObjectNode) JSON.readTree(Files.readString(bot.workspace.root().resolve(file)));
    }

    private String settings46() {
        return Workspaces.connect(bot.workspace.client(), null).settings(46).settingsJson();
    }

    private ChangeState state(String id) {
        return new Changes(bot.db).find(id, 1).orElseThrow().state();
    }

    /** The bot's message in the finding's thread saying {@code words}; null until there is one. */
    private FakeSlackApi.Call restartNote(FakeSlackApi.Call finding, String words) {
        return bot.threadReplies(finding.param("thread_ts")).stream().filter(c -> c.param("blocks").contains(words)).reduce((a, b) -> b)
                .orElse(null);
    }

    private static String idOf(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        return value.group(1);
    }

    private void click(FakeSlackApi.Call message, String blocks, String user, String action, String blockId, String value) {
        String payload = SlackPayloads.buttonClick(message, blocks, user, action, blockId, value, bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }
}
