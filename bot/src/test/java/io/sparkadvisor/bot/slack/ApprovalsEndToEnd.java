package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.sparkadvisor.bot.MovableClock;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.RunInput;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.bot.approvals.ApprovingReplica;
import io.sparkadvisor.bot.store.AuditAction;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.apply.AppliedChange;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.JobSettingsEditor;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import io.sparkadvisor.databricks.emulator.Fault;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


/**
 * Approve and Reject end to end: a signed click into Bolt, the change as {@code jobs/update} on the
 * Databricks emulator, the record in a real database, the message edited through the fake Slack
 * Web API. Each subclass runs it on one kind of database; each test asks about a run of its own
 * (job 42, {@link #run(int)}) and approves the skew finding's step 1, a spark_conf change.
 */
abstract class ApprovalsEndToEnd {
    static final String APPROVER = "U0BOB";
    static final String BYSTANDER = "U0EVE";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Where the database is, as a bot finds it in its environment. */
    private static Map<String, String> database;
    private static BotHarness bot;
    private static String jobAsDeclared;
    private static String job44AsDeclared;
    /** Shared by the instances a test starts, so a restart does not turn the bot's time back. */
    private static final MovableClock CLOCK = new MovableClock();

    /**
     * Job 42's run {@code n} counted from its first: each test asks about a run of its own. A run past the job's
     * latest is no run at all (the ask would only be told so), so it fails here, naming the fix.
     */
    static long run(int n) {
        long run = BotHarness.SKEW_FIRST_RUN + n;
        assertTrue(run <= BotHarness.SKEW_LAST_RUN, "job 42 has runs " + BotHarness.SKEW_FIRST_RUN + ".." + BotHarness.SKEW_LAST_RUN
                + ": run " + run + " is none of them; declare more in BotHarness");
        return run;
    }

    static void start(TestDatabases.Kind kind) {
        database = TestDatabases.freshEnvironment(kind);
        bot = instance();
        jobAsDeclared = settings().settingsJson();
        job44AsDeclared = settings(44).settingsJson();
    }

    /** A bot instance (Bolt app and follow-up watcher) on {@link #database}. */
    private static BotHarness instance() {
        return new BotHarness(Database.fromEnvironment(database), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER + "," + USER,
                "SPARK_ADVISOR_APPROVER_GROUP", FakeSlackApi.GROUP), CLOCK);
    }

    @AfterAll
    static void stop() throws Exception {
        bot.close();
    }

    /** Each test starts from job 42 as declared, whatever an earlier test changed. */
    @BeforeEach
    void forgetEarlierCallsAndChanges() {
        bot.workspace.putJson("jobs/42.json", "{\"job_id\":42,\"settings\":" + jobAsDeclared + "}");
        bot.workspace.putJson("jobs/44.json", "{\"job_id\":44,\"settings\":" + job44AsDeclared + "}");
        bot.slack.clear();
        bot.workspace.clearRequests();
    }

    @Test
    void anApprovalChangesExactlyTheStepsSettingsOnTheJobClusterAndARollBackRestoresThemByteForByte() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(run(0));
        String id = idOf(finding);
        SettingsSnapshot before = settings();

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> state(id) == ChangeState.APPLIED && !edits(finding).isEmpty());

        List<RecordedRequest> updates = bot.workspace.requests("POST", "/api/2.2/jobs/update");
        assertEquals(1, updates.size());
        JsonNode sent = JSON.readTree(updates.get(0).body()).path("new_settings");
        assertEquals(List.of("job_clusters"), fieldNames(sent), "only the changed cluster entry is sent");
        ObjectNode expected = (ObjectNode) JSON.readTree(before.settingsJson());
        ObjectNode conf = ((ObjectNode) expected.path("job_clusters").get(0).path("new_cluster")).putObject("spark_conf");
        JsonNode steps = JSON.readTree(new Recommendations(bot.db).find(id).orElseThrow().stepsJson());
        steps.get(0).path("changes").forEach(c -> conf.put(c.path("key").asText(), c.path("value").asText()));
        assertEquals("true", conf.path("spark.sql.adaptive.skewJoin.enabled").asText());
        assertEquals(expected, JSON.readTree(settings().settingsJson()), "the job changed by the step's spark_conf, nothing else");

        ChangeRecord record = new Changes(bot.db).find(id, 1).orElseThrow();
        assertEquals(APPROVER, record.decidedBy());
        assertEquals(new AppliedChange(before, settings()).step(), StepDelta.fromJson(record.stepKeys()), "the keys the step touched");
        assertEquals(settings().fingerprint(), record.fingerprintAfter());
        assertEquals(List.of("approved", "sending", "applied"), actions(id));
        String edited = edits(finding).get(0).param("blocks");
        assertTrue(edited.contains("Applied by <@" + APPROVER + "> <!date^"), edited);
        assertTrue(!edited.contains("\"action_id\":\"approve_step\""), "step 1's buttons are gone");
        await(WAIT, () -> notesInThread(finding).stream().anyMatch(n -> n.contains("approved step 1")));

        click(finding, edited, APPROVER, "roll_back_step", id);
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && edits(finding).size() == 2);
        assertEquals(before.settingsJson(), settings().settingsJson());
        assertEquals(2, bot.workspace.requests("POST", "/api/2.2/jobs/update").size());
        assertTrue(edits(finding).get(1).param("blocks").contains("Rolled back by <@" + APPROVER + ">"));
        assertTrue(!edits(finding).get(1).param("blocks").contains("roll_back_step"), "no second roll back");
        assertEquals(List.of("approved", "sending", "applied", "rolling-back", "rolled-back"), actions(id));

        String history = history();
        assertTrue(history.contains("Changes to job 42") && history.contains("step 1 of `skew` (from run " + run(0)
                + "): *rolled-back* by <@" + APPROVER + ">"), history);
    }

    @Test
    void aChangeKeepsNoSecretOfTheJobAndItsRollBackPutsBackOnlyWhatItTouchedUnlessTheJobWasEditedSince() throws Exception {
        BotHarness.addJob(bot.workspace, 47, "lake-join", "1203-lake", "\"node_type_id\":\"i3.xlarge\",\"num_workers\":2,\"spark_conf\":{"
                + "\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-AT-RUN-TIME-SECRET==\","
                + "\"spark.hadoop.javax.jdo.option.ConnectionURL\":\"jdbc:mysql://meta:3306/hive?user=hive&password=JdbcPwInUrl99\"},"
                + "\"spark_env_vars\":{\"DB_PASSWORD\":\"EnvVarPw-SECRET-42\",\"AWS_SECRET_ACCESS_KEY\":\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"}",
                BotHarness.LOG_CONF, "skew.log.gz", 4701, 4701);
        SettingsSnapshot before = settings(47);
        FakeSlackApi.Call finding = postedSkewFinding(4701);
        String id = idOf(finding);

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> state(id) == ChangeState.APPLIED && !edits(finding).isEmpty());
        SettingsSnapshot applied = settings(47);
        assertNotEquals(before.fingerprint(), applied.fingerprint());
        SecretsEndToEndTest.assertNoSecret("the database", TestDatabases.allRows(bot.db));
        String edited = edits(finding).get(0).param("blocks");

        String renamed = applied.settingsJson().replace("\"lake-join\"", "\"lake-join-v2\"");
        bot.workspace.putJson("jobs/47.json", "{\"job_id\":47,\"settings\":" + renamed + "}");
        click(finding, edited, APPROVER, "roll_back_step", id);
        await(WAIT, () -> actions(id).contains("roll-back-refused"));
        assertEquals(ChangeState.APPLIED, state(id));
        assertEquals(SettingsSnapshot.recorded(47, renamed), settings(47), "an edited job is left as it is");

        bot.workspace.putJson("jobs/47.json", "{\"job_id\":47,\"settings\":" + applied.settingsJson() + "}");
        click(finding, edited, APPROVER, "roll_back_step", id);
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK);
        assertEquals(before.settingsJson(), settings(47).settingsJson(), "the touched keys put back byte for byte, the secrets kept in the job");
        SecretsEndToEndTest.assertNoSecret("the database", TestDatabases.allRows(bot.db));
    }

    @Test
    void onlyAnotherApproverMayDecideAndAnyoneElseIsToldSoWithNothingChanged() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(run(1));
        String id = idOf(finding);

        click(finding, BYSTANDER, "approve_step", id);
        click(finding, USER, "approve_step", id);
        await(WAIT, () -> bot.slack.calls("chat.postEphemeral").size() == 2);

        Map<String, String> told = bot.slack.calls("chat.postEphemeral").stream()
                .collect(Collectors.toMap(c -> c.param("user"), c -> c.param("text")));
        assertTrue(told.get(BYSTANDER).contains("not allowed"), told.toString());
        assertTrue(told.get(USER).contains("another approver"), told.toString());
        assertEquals(ChangeState.PROPOSED, state(id));
        assertEquals(List.of(), edits(finding));

        click(finding, FakeSlackApi.GROUP_MEMBER, "reject_step", id);
        await(WAIT, () -> state(id) == ChangeState.REJECTED && !edits(finding).isEmpty());
        assertTrue(edits(finding).get(0).param("blocks").contains("Rejected by <@" + FakeSlackApi.GROUP_MEMBER + ">"));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
        assertEquals(List.of("rejected"), actions(id));
    }

    @Test
    void anApproverClickingFromAnotherTeamInASharedChannelChangesNothing() throws Exception {
        FakeSlackApi.Call finding = postedFinding(4404, "skew");
        String id = idOf(finding);
        String foreign = SlackPayloads.blockAction(finding, finding.param("blocks"), FakeSlackApi.GROUP_MEMBER, "approve_step", id, 1,
                bot.slack.responseUrl()).replace("\"team_id\":\"T111\"", "\"team_id\":\"T0OTHER\"");

        assertEquals(200, bot.requests.interaction(foreign).statusCode());
        Thread.sleep(1000);
        assertEquals(ChangeState.PROPOSED, state(id));
        assertEquals(List.of(), actions(id));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
    }

    @Test
    void aJobEditedSinceTheRecommendationIsNotChangedAndAFreshAnalysisIsOffered() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(run(2));
        String id = idOf(finding);
        String edited = settings().settingsJson().replace("\"num_workers\":2", "\"num_workers\":3");
        bot.workspace.putJson("jobs/42.json", "{\"job_id\":42,\"settings\":" + edited + "}");

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());

        assertTrue(whispers().get(0).contains("was edited since") && whispers().get(0).contains("fresh analysis"), whispers().get(0));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
        assertEquals(ChangeState.PROPOSED, state(id));
        assertEquals(List.of("approved", "refused"), actions(id));
        assertEquals(List.of(), edits(finding));
    }

    @Test
    void aDoubleClickAndASecondApproverAtTheSameMomentMakeOneChangeAndOneRecord() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(run(3));
        String id = idOf(finding);
        double appliedBefore = applies("decided");
        double refusedBefore = applies("refused");

        CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> click(finding, APPROVER, "approve_step", id)),
                CompletableFuture.runAsync(() -> click(finding, APPROVER, "approve_step", id)),
                CompletableFuture.runAsync(() -> click(finding, FakeSlackApi.GROUP_MEMBER, "approve_step", id))).join();
        await(WAIT, () -> state(id) == ChangeState.APPLIED && !edits(finding).isEmpty() && bot.slack.calls("chat.postEphemeral").size() == 2);

        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size());
        assertEquals(1, edits(finding).size());
        assertTrue(whispers().stream().allMatch(w -> w.contains("Step 1 of `skew` is already") && w.contains("(by <@")), whispers().toString());
        assertEquals(List.of("approved", "sending", "applied"), actions(id));
        assertEquals(1, applies("decided") - appliedBefore, "the apply counted by its outcome");
        assertEquals(2, applies("refused") - refusedBefore, "the two clicks that found the step taken counted as refused");
    }

    @Test
    void theJobsNextRunAfterTheChangeIsJudgedOnceAndTheVerdictPostedInTheThread() throws Exception {
        long run = run(4);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);

        bot.followUp.poll();
        assertEquals(ChangeState.APPLIED, state(id), "the job's latest run is from before the change");
        assertTrue(verdicts(finding).isEmpty());

        long baselineReads = bot.skewLogReads();
        bot.addNextRun(42, 4290, "skewed-join", "1203-next", "skew-aqe-skewjoin.log.gz");
        bot.followUp.poll();
        long judgedReads = bot.skewLogReads();
        // The advised run's facts come from the cache; of the job's runs before it, those not read yet are, once each.
        assertTrue(judgedReads - baselineReads <= Thresholds.defaults().get(GeneralThresholds.FOLLOW_UP_HISTORY_RUNS),
                (judgedReads - baselineReads) + " log reads for the noise band");
        bot.followUp.poll();
        assertEquals(judgedReads, bot.skewLogReads(), "judged once: nothing read again");

        assertEquals(ChangeState.VERIFIED, state(id));
        List<FakeSlackApi.Call> verdicts = verdicts(finding);
        assertEquals(1, verdicts.size(), "judged once");
        String table = verdicts.get(0).param("blocks");
        assertTrue(verdicts.get(0).param("text").contains("Step 1 of `skew` :white_check_mark: passed its checks on run 4290"));
        assertTrue(table.contains("the longest task of stage 2 takes under 3.0x the median") && table.contains("11x")
                && table.contains("2.1x") && table.contains("pass") && !table.contains("FAIL"), table);
        assertTrue(table.contains("In run 4290, stage 2 is stage 4 (100% alike"), "AQE renumbered the join stage: " + table);
        assertTrue(table.contains("roll_back_step"), "a passed step can still be rolled back");
        assertEquals("verified", actions(id).get(actions(id).size() - 1));

        Prediction predicted = new Recommendations(bot.db).predictions().find(id).orElseThrow();
        long skewMs = RunFactsReader.read(Corpus.dir().resolve("skew.log.gz")).application().durationMs();
        long afterMs = RunFactsReader.read(Corpus.dir().resolve("skew-aqe-skewjoin.log.gz")).application().durationMs();
        assertEquals(skewMs, predicted.baselineMs(), "predicted from the analysed run's duration");
        assertTrue(predicted.predictedMs() < skewMs, predicted.toString());
        assertTrue(table.contains("Run time: predicted ") && table.contains(Format.duration(predicted.predictedMs()))
                && table.contains("took " + Format.duration(afterMs)), table);
        assertTrue(new Recommendations(bot.db).predictions().judged().stream()
                .anyMatch(j -> j.recommendationId().equals(id) && j.runId() == 4290 && j.outcome().actualMs() == afterMs));

        String history = history();
        assertTrue(history.contains("step 1 of `skew` (from run " + run + "): *verified* by <@" + APPROVER + ">")
                && history.contains("passed its checks on run 4290.\n```check") && history.contains("11x")
                && history.contains("Run time: predicted"), history);
    }

    @Test
    void aNextRunThatFailsTheChecksKeepsTheStepAppliedAndItsVerdictRollsItBack() throws Exception {
        long run = run(5);
        SettingsSnapshot before = settings();
        FakeSlackApi.Call finding = judgedSkewStep(run, 4291, "1203-still-skewed", "skew.log.gz");
        String id = idOf(finding);

        assertEquals(ChangeState.CHECKS_FAILED, state(id), "a failed step waits for its roll back");
        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        assertTrue(verdict.param("text").contains(":x: failed its checks on run 4291"), verdict.param("text"));
        assertTrue(verdict.param("blocks").contains("FAIL") && verdict.param("blocks").contains("roll_back_step"));

        click(verdict, verdict.param("blocks"), APPROVER, "roll_back_step", id);
        // The step is claimed as rolled back before the restore, so wait for the restored settings themselves.
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && before.settingsJson().equals(settings().settingsJson()));
        assertEquals(List.of("approved", "sending", "applied", "checks-failed", "rolling-back", "rolled-back"), actions(id));
    }

    @Test
    void aVerifiedStepIsRolledBackFromItsVerdictOnceByAnApproverUnlessTheJobWasEditedSince() throws Exception {
        long run = run(19);
        SettingsSnapshot before = settings();
        FakeSlackApi.Call finding = judgedSkewStep(run, 4296, "1203-verified-then-regretted", "skew-aqe-skewjoin.log.gz");
        String id = idOf(finding);
        SettingsSnapshot applied = settings();
        assertEquals(ChangeState.VERIFIED, state(id));
        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        String verdictBlocks = verdict.param("blocks");
        assertTrue(verdictBlocks.contains("roll_back_step"), "a passed verdict still offers its roll back: " + verdictBlocks);

        click(verdict, verdictBlocks, BYSTANDER, "roll_back_step", id);
        await(WAIT, () -> whispers().stream().anyMatch(w -> w.contains("not allowed")));
        String edited = applied.settingsJson().replace("\"num_workers\":2", "\"num_workers\":3");
        bot.workspace.putJson("jobs/42.json", "{\"job_id\":42,\"settings\":" + edited + "}");
        click(verdict, verdictBlocks, APPROVER, "roll_back_step", id);
        await(WAIT, () -> actions(id).contains("roll-back-refused") && whispers().size() == 2);
        assertTrue(whispers().get(1).contains("edited"), whispers().get(1));
        assertEquals(ChangeState.VERIFIED, state(id), "a refused roll back leaves the step verified, its button still there");
        assertEquals(SettingsSnapshot.recorded(42, edited), settings(), "an edited job is left as it is");
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size());

        bot.workspace.putJson("jobs/42.json", "{\"job_id\":42,\"settings\":" + applied.settingsJson() + "}");
        CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> click(verdict, verdictBlocks, APPROVER, "roll_back_step", id)),
                CompletableFuture.runAsync(() -> click(verdict, verdictBlocks, APPROVER, "roll_back_step", id))).join();
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && edits(verdict).size() == 1 && whispers().size() == 3);

        assertEquals(before.settingsJson(), settings().settingsJson(), "the job has its settings from before the step again");
        assertEquals(2, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "the double click restored once");
        assertTrue(whispers().get(2).contains("is already"), whispers().get(2));
        String rolledBack = edits(verdict).get(0).param("blocks");
        assertTrue(rolledBack.contains("Rolled back by <@" + APPROVER + ">") && !rolledBack.contains("roll_back_step"), rolledBack);
        assertTrue(notesInThread(finding).stream().anyMatch(n -> n.contains("<@" + APPROVER + "> rolled back step 1 of `skew`")),
                notesInThread(finding).toString());
        assertEquals(List.of("approved", "sending", "applied", "verified", "rolling-back", "roll-back-refused", "rolling-back", "rolled-back"),
                actions(id));
    }

    /*
     * The health rule after a verified step. Job 61 ("guarded-join") runs the skew job; it alerts on its streaming backlog
     * already. Step 1 of skew is approved on its run 6101, then three runs complete after the change: 100 s and 110 s
     * (no log) and 120 s, the healthy join, which verifies the step. p95 of the three is 120 s; x 1.5 = 180 s.
     */
    private static final String BACKLOG_RULE = "{\"metric\":\"STREAMING_BACKLOG_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":60}";

    @Test
    void aVerifiedStepOffersADurationAlertFromTheRunsSinceAndAnApproversClickSendsOneUpdateKeepingTheJobsRules() throws Exception {
        long jobId = 61;
        BotHarness.addJob(bot.workspace, jobId, "guarded-join", "1203-guarded", "skew.log.gz", 6101, 6101);
        bot.workspace.putJson("jobs/61.json", "{\"job_id\":61,\"settings\":" + settings(jobId).settingsJson()
                .replaceFirst("^\\{", "{\"health\":{\"rules\":[" + BACKLOG_RULE + "]},") + "}");
        FakeSlackApi.Call finding = appliedSkewStep(6101);
        String id = idOf(finding);
        long applied = bot.clock.millis();
        bot.addRun(jobId, 6102, "guarded-join", "1203-guarded-a", null, applied + 1, 100_000);
        bot.addRun(jobId, 6103, "guarded-join", "1203-guarded-b", null, applied + 2, 110_000);
        bot.addRun(jobId, 6104, "guarded-join", "1203-guarded-c", Corpus.dir().resolve("skew-aqe-skewjoin.log.gz"), applied + 3, 120_000);
        bot.followUp.poll();
        assertEquals(ChangeState.VERIFIED, state(id));

        List<FakeSlackApi.Call> offers = bot.threadReplies(finding.param("thread_ts")).stream()
                .filter(c -> c.param("blocks").contains("set_health_rule")).toList();
        assertEquals(1, offers.size(), notesInThread(finding).toString());
        FakeSlackApi.Call offer = offers.get(0);
        String offered = asRead(offer);
        assertTrue(offered.contains("Alert when a run takes longer than 3.0 min?") && offered.contains("1.5x the p95 (2.0 min) of the 3 runs")
                && offered.contains("since step 1"), offered);
        bot.workspace.clearRequests();

        click(offer, offer.param("blocks"), BYSTANDER, "set_health_rule", id);
        await(WAIT, () -> whispers().stream().anyMatch(w -> w.contains("not allowed")));
        assertEquals(0, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "a non-approver changes nothing");

        CompletableFuture.allOf(
                CompletableFuture.runAsync(() -> click(offer, offer.param("blocks"), APPROVER, "set_health_rule", id)),
                CompletableFuture.runAsync(() -> click(offer, offer.param("blocks"), APPROVER, "set_health_rule", id))).join();
        await(WAIT, () -> edits(offer).size() == 1 && whispers().size() == 2);
        List<RecordedRequest> updates = bot.workspace.requests("POST", "/api/2.2/jobs/update");
        assertEquals(1, updates.size(), "the double click sent one update");
        JsonNode body = JSON.readTree(updates.get(0).body());
        assertEquals(jobId, body.path("job_id").asLong());
        assertEquals(JSON.readTree("{\"health\":{\"rules\":[" + BACKLOG_RULE
                + ",{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":180}]}}"), body.path("new_settings"),
                "health alone, the job's backlog rule kept and the duration rule added");
        assertTrue(whispers().get(1).contains("already set by <@" + APPROVER + ">"), whispers().get(1));
        String set = edits(offer).get(0).param("blocks");
        assertTrue(set.contains("Set by <@" + APPROVER + ">: RUN_DURATION_SECONDS > 180.") && !set.contains("set_health_rule"), set);
        assertTrue(notesInThread(finding).stream().anyMatch(n -> n.contains("<@" + APPROVER + "> set job 61's health rule RUN_DURATION_SECONDS > 180")),
                notesInThread(finding).toString());
        assertEquals(List.of("approved", "sending", "applied", "verified", "health-rule-set"), actions(id));
        assertEquals("RUN_DURATION_SECONDS > 180 on job 61", audit(id).get(4).detail());
        assertEquals(APPROVER, audit(id).get(4).actor());

        // The rule is about alerting, not how the job runs: the verified step still rolls back, and the rule stays.
        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        click(verdict, verdict.param("blocks"), APPROVER, "roll_back_step", id);
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK);
        assertTrue(settings(jobId).settingsJson().contains("\"value\":180"), settings(jobId).settingsJson());
    }

    /*
     * The duration rule when the verdict comes first. Job 62 ("patient-join") runs the skew job; step 1 of skew is approved
     * on its run 6201 and its next run, 6202 (the healthy join, 120 s), verifies it: one run since the step, so the thread
     * says the offer waits for three. Run 6203 (100 s, no log) makes two: the follow-up's poll reads one runs/list for the
     * job, reads nothing else and posts nothing. Run 6204 (110 s) makes three: the offer comes, p95 120 s x 1.5 = 180 s, once.
     */
    @Test
    void aStepVerifiedBeforeItsJobHadTheRunsGetsItsDurationAlertOfferedOnceTheThirdRunCompletes() throws Exception {
        long jobId = 62;
        BotHarness.addJob(bot.workspace, jobId, "patient-join", "1203-patient", "skew.log.gz", 6201, 6201);
        FakeSlackApi.Call finding = appliedSkewStep(6201);
        String id = idOf(finding);
        long applied = bot.clock.millis();
        bot.addRun(jobId, 6202, "patient-join", "1203-patient-a", Corpus.dir().resolve("skew-aqe-skewjoin.log.gz"), applied + 1, 120_000);
        bot.followUp.poll();
        assertEquals(ChangeState.VERIFIED, state(id));
        List<String> waiting = notesInThread(finding).stream().filter(n -> n.contains("No duration alert")).toList();
        assertEquals(1, waiting.size(), notesInThread(finding).toString());
        assertTrue(waiting.get(0).contains("1 run completed since step 1") && waiting.get(0).contains("needs 3")
                && waiting.get(0).contains("once the job has them") && waiting.get(0).contains("14 days"), waiting.get(0));
        assertEquals(List.of(), offersIn(finding), "no offer from one run");

        bot.addRun(jobId, 6203, "patient-join", "1203-patient-b", null, applied + 2, 100_000);
        bot.workspace.clearRequests();
        int said = notesInThread(finding).size();
        bot.healthRuleWaits.poll();
        assertEquals(said, notesInThread(finding).size(), "two runs: still waiting, nothing said");
        assertEquals(1, bot.workspace.requests("GET", "/api/2.2/jobs/runs/list").stream().filter(r -> r.query().contains("job_id=62")).count(),
                "one runs/list for the waiting job a poll");
        assertEquals(0, bot.workspace.requests("GET", "/api/2.2/jobs/get").stream().filter(r -> r.query().contains("job_id=62")).count(),
                "its settings are read only to offer");

        bot.addRun(jobId, 6204, "patient-join", "1203-patient-c", null, applied + 3, 110_000);
        bot.healthRuleWaits.poll();
        bot.healthRuleWaits.poll();
        List<FakeSlackApi.Call> offers = offersIn(finding);
        assertEquals(1, offers.size(), "the third run brings the offer, once: " + notesInThread(finding));
        String offered = asRead(offers.get(0));
        assertTrue(offered.contains("Alert when a run takes longer than 3.0 min?") && offered.contains("1.5x the p95 (2.0 min) of the 3 runs")
                && offered.contains("since step 1"), offered);

        bot.workspace.clearRequests();
        click(offers.get(0), offers.get(0).param("blocks"), APPROVER, "set_health_rule", id);
        await(WAIT, () -> edits(offers.get(0)).size() == 1);
        List<RecordedRequest> updates = bot.workspace.requests("POST", "/api/2.2/jobs/update");
        assertEquals(1, updates.size());
        assertEquals(JSON.readTree("{\"health\":{\"rules\":[{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":180}]}}"),
                JSON.readTree(updates.get(0).body()).path("new_settings"));
        assertEquals(List.of("approved", "sending", "applied", "verified", "health-rule-set"), actions(id));
    }

    /** The health-rule offers (with their Set button) in the thread of {@code finding}. */
    private static List<FakeSlackApi.Call> offersIn(FakeSlackApi.Call finding) {
        return bot.threadReplies(finding.param("thread_ts")).stream().filter(c -> c.param("blocks").contains("set_health_rule")).toList();
    }

    /*
     * Baselines from history. Job J ("noisy-join-J") ran five times before the advised run J06 (the skew log as Spark
     * wrote it); each earlier run is the skew log with its end moved, 4% to 24% longer: a noisy job, whose run times
     * have a median 10% above the advised run's and a band of about ±31% of it (3.5 robust deviations). The next run is
     * the healthy log (the skew gone), its input records set to the skew run's (or twice them) and its end moved.
     */
    private static long noisyJob(long jobId, Path dir) {
        long advised = jobId * 100 + 6;
        String name = "noisy-join-" + jobId;
        BotHarness.addJob(bot.workspace, jobId, name, "1203-noisy-" + jobId, "skew.log.gz", advised, advised);
        double[] longer = {1.04, 1.08, 1.12, 1.16, 1.24};
        for (int k = 0; k < longer.length; k++) {
            bot.addRun(jobId, jobId * 100 + 1 + k, name, "1203-noisy-" + jobId + "-" + k, EditedLogs.edited("skew.log.gz", dir,
                    Math.round(SKEW.application().durationMs() * longer[k]), 1), BotHarness.FIRST_RUN_START - (5 - k) * 3_600_000L);
        }
        return advised;
    }

    private static final RunFacts SKEW = RunFactsReader.read(Corpus.dir().resolve("skew.log.gz"));

    /** Step 1 of skew approved on the noisy job's advised run, then its next run: healthy taking {@code times} the skew run, reading {@code inputTimes} its records. */
    private static FakeSlackApi.Call judgedOnNoisyJob(long jobId, Path dir, double times, double inputTimes) {
        FakeSlackApi.Call finding = appliedSkewStep(noisyJob(jobId, dir));
        // The next run is the same join with AQE's skew join on: its stage matches the checked one under another id.
        String next = "skew-aqe-skewjoin.log.gz";
        double records = (double) RunInput.of(SKEW).records() / RunInput.of(RunFactsReader.read(Corpus.dir().resolve(next))).records();
        bot.addRun(jobId, jobId * 100 + 90, "noisy-join-" + jobId, "1203-noisy-" + jobId + "-next",
                EditedLogs.edited(next, dir, Math.round(SKEW.application().durationMs() * times), records * inputTimes),
                bot.clock.millis());
        bot.followUp.poll();
        return finding;
    }

    @Test
    void aNoisyJobsNextRunWithinItsBandPassesWhereTheFixedFivePercentWouldFailIt(@TempDir Path dir) {
        FakeSlackApi.Call finding = judgedOnNoisyJob(45, dir, 1.30, 1);
        assertEquals(ChangeState.VERIFIED, state(idOf(finding)), "30% longer than the advised run, 18% over the median: within the band");
        String table = verdicts(finding).get(0).param("blocks");
        assertTrue(table.contains("baseline band") && table.contains("over 6 runs") && !table.contains("per input"), table);
    }

    @Test
    void aRegressionBeyondTheJobsBandFailsAndOffersRollBack(@TempDir Path dir) {
        FakeSlackApi.Call finding = judgedOnNoisyJob(46, dir, 1.7, 1);
        assertEquals(ChangeState.CHECKS_FAILED, state(idOf(finding)));
        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        assertTrue(verdict.param("blocks").contains("FAIL") && verdict.param("blocks").contains("over 6 runs")
                && verdict.param("blocks").contains("roll_back_step"), verdict.param("blocks"));
    }

    @Test
    void twiceTheInputIsComparedPerInputAndDoesNotFailTheRunTimeCheck(@TempDir Path dir) {
        FakeSlackApi.Call finding = judgedOnNoisyJob(47, dir, 2 * 1.10 * 1.03, 2);
        assertEquals(ChangeState.VERIFIED, state(idOf(finding)), "2.27x the time for 2x the data: 3% over the median per input");
        String table = verdicts(finding).get(0).param("blocks");
        assertTrue(table.contains("over 6 runs, per input (2.0x)"), table);
    }

    @Test
    void aNextRunThatFailedBeforeDeliveringItsLogFailsTheStep() throws Exception {
        long run = run(6);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);

        bot.addNextRun(42, 4292, "skewed-join", "1203-failed", null);
        bot.followUp.poll();

        assertEquals(ChangeState.CHECKS_FAILED, state(id));
        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        assertTrue(verdict.param("text").contains("failed its checks on run 4292. The run itself failed"), verdict.param("text"));
        assertTrue(verdict.param("blocks").contains("not measured") && verdict.param("blocks").contains("roll_back_step"));
    }

    @Test
    void aStepWhoseJobWasDeletedIsClosedWithOneNoteAndNotLookedAtAgain() throws Exception {
        long run = run(13);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);
        Files.delete(bot.workspace.root().resolve("jobs/42.json"));

        bot.followUp.poll();
        bot.followUp.poll();

        List<String> notes = notesInThread(finding).stream().filter(n -> n.contains("no longer exists")).toList();
        assertEquals(List.of(":wastebasket: Job 42 no longer exists, so step 1 of `skew` was not judged and has nothing to roll back.\n"), notes);
        assertEquals(ChangeState.APPLIED, state(id));
        assertEquals("job-gone", actions(id).get(actions(id).size() - 1));
        assertTrue(new Changes(bot.db).awaitingFollowUp().stream().noneMatch(c -> c.recommendationId().equals(id)));
    }

    @Test
    void aStepAppliedBeforeARestartIsJudgedOnceByTheNextInstanceOnTheSameDatabase() throws Exception {
        long run = run(7);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);

        // Nothing of the first instance survives but the database: the pending follow-up must come from it.
        bot.close();
        TestDatabases.stop(database);
        bot = instance();
        bot.addNextRun(42, 4293, "skewed-join", "1203-after-restart", "skew-aqe-skewjoin.log.gz");
        bot.followUp.poll();

        assertEquals(ChangeState.VERIFIED, state(id));
        List<FakeSlackApi.Call> verdicts = verdicts(finding);
        assertEquals(1, verdicts.size(), "posted once, in the thread of the finding the first instance posted");
        assertTrue(verdicts.get(0).param("text").contains("Step 1 of `skew` :white_check_mark: passed its checks on run 4293"));
        assertEquals(List.of("approved", "sending", "applied", "verified"), actions(id));
    }

    @Test
    void twoReplicasInTwoProcessesPollingTogetherPostTheVerdictOnceAndRecordItOnce() throws Exception {
        assumeTrue(database.containsKey("DATABASE_URL"), "an H2 file database is open in one process only");
        long run = run(8);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);
        bot.addNextRun(42, 4294, "skewed-join", "1203-two-replicas", "skew-aqe-skewjoin.log.gz");

        ReplicaProcess.runTogether(OtherReplica.class, List.of(database.get("DATABASE_URL"), bot.workspace.url(), bot.slack.baseUrl()),
                WAIT, bot.followUp::poll);

        assertEquals(ChangeState.VERIFIED, state(id));
        assertEquals(1, verdicts(finding).size(), "one of the two replicas posts the verdict");
        assertEquals(List.of("approved", "sending", "applied", "verified"), actions(id));
    }

    @Test
    void aStepClaimedByABotThatStoppedBeforeSendingItIsReleasedOnceItIsStaleAndCanBeApprovedAgain() throws Exception {
        long run = run(9);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        claimedByAStoppedBot(id, null);

        bot.interrupted.finish();
        assertEquals(ChangeState.APPROVED, state(id), "an approval younger than the grace period may still be applying");
        CLOCK.advance(Duration.ofMinutes(11));
        bot.interrupted.finish();
        bot.interrupted.finish();

        assertEquals(ChangeState.PROPOSED, state(id));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
        assertEquals(List.of("approved", "released"), actions(id));
        List<String> notes = notesInThread(finding);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("step 1 of `skew` by <@" + APPROVER + "> was cut short before it reached job 42, so nothing changed"), notes.get(0));

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> state(id) == ChangeState.APPLIED);
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size());
    }

    @Test
    void aChangeSentByABotThatStoppedBeforeRecordingItIsRecordedForItsApproverAndJudged() throws Exception {
        long run = run(10);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        SettingsSnapshot before = settings();
        claimedByAStoppedBot(id, before);
        Workspaces.connect(bot.workspace.client(), null).apply(42, skewStepOne(id), before.fingerprint());
        CLOCK.advance(Duration.ofMinutes(2));
        bot.interrupted.finish();
        assertEquals(ChangeState.APPLYING, state(id), "a send younger than a lock's life may still be in progress");

        CLOCK.advance(Duration.ofMinutes(11));
        bot.interrupted.finish();

        assertEquals(ChangeState.APPLIED, state(id));
        ChangeRecord record = new Changes(bot.db).find(id, 1).orElseThrow();
        assertEquals(new AppliedChange(before, settings()).step(), StepDelta.fromJson(record.stepKeys()), "what a roll back puts back");
        assertEquals(settings().fingerprint(), record.fingerprintAfter());
        assertEquals(List.of("approved:" + APPROVER, "sending:" + AuditEntry.BOT, "applied:" + APPROVER),
                audit(id).stream().map(e -> e.action().id() + ":" + e.actor()).toList());
        assertTrue(notesInThread(finding).get(0).contains("was cut short after job 42 had been changed. The change is now recorded"));
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "the bot sent nothing more");

        bot.addNextRun(42, 4295, "skewed-join", "1203-recovered", "skew-aqe-skewjoin.log.gz");
        bot.followUp.poll();
        assertEquals(ChangeState.VERIFIED, state(id));
    }

    @Test
    void aClaimedStepWhoseJobWasEditedSinceIsReleasedWithAWarningToCheckTheJob() throws Exception {
        long run = run(11);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        claimedByAStoppedBot(id, settings());
        String edited = settings().settingsJson().replace("\"num_workers\":2", "\"num_workers\":3");
        bot.workspace.putJson("jobs/42.json", "{\"job_id\":42,\"settings\":" + edited + "}");

        CLOCK.advance(Duration.ofMinutes(11));
        bot.interrupted.finish();

        assertEquals(ChangeState.PROPOSED, state(id));
        assertEquals(List.of("approved", "sending", "unsettled"), actions(id));
        assertTrue(notesInThread(finding).get(0).contains("has been edited since, so I cannot tell whether the change is in effect"));
        assertEquals(edited, settings().settingsJson(), "the job is left as its editor left it");
    }

    @Test
    void aSuccessfulNextRunWhoseLogNeverArrivesIsJudgedUnmeasuredOnceTheDeliveryWaitIsOver() throws Exception {
        long run = run(12);
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);

        bot.addNextRunWithoutLog(42, 4296, "skewed-join", "1203-no-log");
        bot.followUp.poll();
        assertTrue(verdicts(finding).isEmpty(), "its log may still be on its way");

        CLOCK.advance(Duration.ofHours(3));
        bot.followUp.poll();

        FakeSlackApi.Call verdict = verdicts(finding).get(0);
        assertTrue(verdict.param("text").contains("failed its checks on run 4296. The run's event log could not be read"), verdict.param("text"));
        assertTrue(verdict.param("blocks").contains("not measured") && verdict.param("blocks").contains("roll_back_step"));
        assertEquals(ChangeState.CHECKS_FAILED, state(id), "waits for its roll back");
        bot.followUp.poll();
        assertEquals(1, verdicts(finding).size(), "judged once");
    }

    /**
     * Stores the recommendation's steps as the bot stored them before stage signatures: its stage checks then read the
     * stage with their id in any run, as advice posted by an older version still does.
     */
    private static void storedBeforeStageSignatures(String id) throws Exception {
        ArrayNode steps = (ArrayNode) JSON.readTree(new Recommendations(bot.db).find(id).orElseThrow().stepsJson());
        steps.forEach(step -> step.path("verify").forEach(check -> ((ObjectNode) check).remove("stage")));
        try (var connection = bot.db.dataSource().getConnection();
                var update = connection.prepareStatement("UPDATE recommendations SET steps_json = ? WHERE id = ?")) {
            update.setString(1, JSON.writeValueAsString(steps));
            update.setString(2, id);
            assertEquals(1, update.executeUpdate());
        }
    }

    @Test
    void aPassedStepBringsTheNextStepWhoseApproveAppliesIt() throws Exception {
        FakeSlackApi.Call finding = postedFinding(4301, "io-bound-slots");
        String id = idOf(finding);
        // The runs standing in for the job after each step are another job's (no real run of this one with more slots
        // passes on the shared generating machine: see StagePairsTest); advice stored before stage signatures reads
        // them by stage id, which is what this flow needs.
        storedBeforeStageSignatures(id);
        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> stateOf(id, 1) == ChangeState.APPLIED);
        assertEquals("6", workerCores(), "step 1");
        click(finding, finding.param("blocks"), APPROVER, "approve_step", id, 2);
        await(WAIT, () -> !whispers().isEmpty());
        assertTrue(whispers().get(0).contains("Step 1 is applied and waits for its verdict"), whispers().get(0));
        assertEquals(ChangeState.PROPOSED, stateOf(id, 2), "step 2 builds on a step that has not passed yet");

        // a quicker run whose scan stage keeps its cores busier stands in for the job after the change
        bot.addNextRun(43, 4390, "io-bound-scan", "1203-io-next", "exact-partition-path.log.gz");
        bot.followUp.poll();

        assertEquals(ChangeState.VERIFIED, stateOf(id, 1));
        List<FakeSlackApi.Call> next = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("text").equals("Next: step 2 of io-bound-slots")).toList();
        assertEquals(1, next.size());
        String blocks = next.get(0).param("blocks");
        assertTrue(blocks.contains("SPARK_WORKER_CORES") && blocks.contains("\"value\":\"" + id + ":2\""), blocks);

        click(next.get(0), blocks, APPROVER, "approve_step", id, 2);
        await(WAIT, () -> stateOf(id, 2) == ChangeState.APPLIED);
        assertEquals("8", workerCores(), "step 2");
        assertTrue(bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("ts").equals(next.get(0).tsPosted())
                && c.param("blocks").contains("Applied by <@" + APPROVER + ">")), "the next-step message shows who applied it");

        // step 2 is judged against the run that verified step 1, which already had its 6 cores, not against run 4301
        bot.addNextRun(43, 4391, "io-bound-scan", "1203-io-after-2", "exact-partition-path.log.gz");
        bot.followUp.poll();
        String verdict2 = bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks"))
                .filter(b -> b.contains("Step 2 of `io-bound-slots`")).findFirst().orElseThrow();
        assertTrue(verdict2.contains("run 4390") && verdict2.contains("run 4391") && !verdict2.contains("run 4301"), verdict2);
        assertEquals(ChangeState.CHECKS_FAILED, stateOf(id, 2), "the same run again after 8 cores: what step 2 should raise did not rise");
        assertTrue(verdict2.contains("FAIL") && !verdict2.contains("not measured"), "measured on both runs, and not better: " + verdict2);
    }

    @Test
    void anUpdateWhoseAnswerIsLostAfterItTookEndsAppliedWithRollBackFollowUpAndOneNote() throws Exception {
        long run = run(14);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        SettingsSnapshot before = settings();
        bot.workspace.failNext("POST", "/api/2.2/jobs/update", Fault.answerLost(), 1);

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> state(id) == ChangeState.APPLIED && !edits(finding).isEmpty());

        assertTrue(!settings().fingerprint().equals(before.fingerprint()), "the update took");
        assertEquals(settings().fingerprint(), new Changes(bot.db).find(id, 1).orElseThrow().fingerprintAfter());
        assertTrue(edits(finding).get(0).param("blocks").contains("roll_back_step"), "offers its roll back");
        await(WAIT, () -> !notesInThread(finding).isEmpty());
        assertEquals(1, notesInThread(finding).size(), notesInThread(finding).toString());
        assertTrue(notesInThread(finding).get(0).contains("approved step 1"), notesInThread(finding).get(0));
        assertEquals(List.of("approved", "sending", "applied"), actions(id));
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "sent once: an update is not retried blind");
        String settled = audit(id).get(2).detail();
        assertTrue(settled.contains("read back with the change, although the send ended with"), settled);
        assertTrue(new Changes(bot.db).awaitingFollowUp().stream().anyMatch(c -> c.recommendationId().equals(id)), "its next run is judged");
    }

    @Test
    void aReadBackThatFailsAfterTheUpdateIsSettledByReadingTheJobAgain() throws Exception {
        long run = run(15);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        // the read before the update is answered; the read after it fails on every one of its retries
        bot.workspace.failAfter("GET", "/api/2.2/jobs/get", 1, Fault.serverError(), 3);

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> state(id) == ChangeState.APPLIED && !edits(finding).isEmpty());

        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size());
        assertTrue(edits(finding).get(0).param("blocks").contains("roll_back_step"));
        await(WAIT, () -> !notesInThread(finding).isEmpty());
        assertEquals(1, notesInThread(finding).size(), notesInThread(finding).toString());
        assertEquals(List.of("approved", "sending", "applied"), actions(id));
    }

    @Test
    void aJobUnreadableAfterTheUpdateLeavesTheStepApplyingUntilTheNextPollFindsTheChangeAndOffersItsRollBack() throws Exception {
        long run = run(16);
        FakeSlackApi.Call finding = postedSkewFinding(run);
        String id = idOf(finding);
        SettingsSnapshot before = settings();
        bot.workspace.failAfter("GET", "/api/2.2/jobs/get", 1, Fault.serverError(), 6);

        click(finding, APPROVER, "approve_step", id);
        await(WAIT, () -> notesInThread(finding).size() == 1);

        assertEquals(ChangeState.APPLYING, state(id), "not guessed either way");
        assertTrue(notesInThread(finding).get(0).contains("could not read the job back to confirm it took"), notesInThread(finding).get(0));
        assertTrue(whispers().get(0).contains("could not read the job back"), whispers().toString());
        assertEquals(List.of(), edits(finding), "the step's buttons stay until it is settled");

        CLOCK.advance(JobLocks.TTL.plusMinutes(1));
        bot.interrupted.finish();
        bot.interrupted.finish();

        assertEquals(ChangeState.APPLIED, state(id));
        List<FakeSlackApi.Call> notes = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("thread_ts").equals(finding.param("thread_ts"))).toList();
        assertEquals(2, notes.size(), "one note when it was unknown, one when it was settled");
        assertTrue(asRead(notes.get(1)).contains("The change is now recorded"), asRead(notes.get(1)));
        assertEquals(List.of("approved", "sending", "applied"), actions(id));

        click(notes.get(1), notes.get(1).param("blocks"), APPROVER, "roll_back_step", id, 1);
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK);
        assertEquals(before.settingsJson(), settings().settingsJson());
    }

    @Test
    void aRollBackWhoseAnswerIsLostIsRecordedAsRolledBackOnceTheJobShowsIt() throws Exception {
        long run = run(17);
        SettingsSnapshot before = settings();
        FakeSlackApi.Call finding = appliedSkewStep(run);
        String id = idOf(finding);
        await(WAIT, () -> !edits(finding).isEmpty());
        bot.workspace.failNext("POST", "/api/2.2/jobs/update", Fault.answerLost(), 1);

        click(finding, edits(finding).get(0).param("blocks"), APPROVER, "roll_back_step", id);
        await(WAIT, () -> state(id) == ChangeState.ROLLED_BACK && edits(finding).size() == 2);

        assertEquals(before.settingsJson(), settings().settingsJson());
        assertTrue(edits(finding).get(1).param("blocks").contains("Rolled back by <@" + APPROVER + ">"));
        assertEquals(List.of("approved", "sending", "applied", "rolling-back", "rolled-back"), actions(id));
    }

    @Test
    void anOldRunOfAJobResizedSinceGetsNoApproveAndAReplyNamingWhatChanged() throws Exception {
        String resized = settings(44).settingsJson().replace("\"num_workers\":2", "\"num_workers\":20");
        bot.workspace.putJson("jobs/44.json", "{\"job_id\":44,\"settings\":" + resized + "}");

        bot.requests.command("run:4401", CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));

        List<FakeSlackApi.Call> replies = bot.slack.calls("chat.postMessage");
        assertTrue(replies.stream().anyMatch(c -> c.param("blocks").contains("skew")), "the findings are posted");
        assertTrue(replies.stream().noneMatch(c -> c.param("blocks").contains("approve_step")), "none can be approved");
        List<String> notes = replies.stream().map(ApprovalsEndToEnd::asRead).filter(t -> t.contains("has changed since run 4401")).toList();
        assertEquals(1, notes.size(), replies.stream().map(ApprovalsEndToEnd::asRead).toList().toString());
        assertTrue(notes.get(0).contains("num_workers: 2 → 20") && notes.get(0).contains("ask again about the job's latest run"), notes.get(0));
        assertTrue(new Changes(bot.db).pending().stream().noneMatch(p -> p.runId() == 4401), "nothing recorded to approve");
    }

    @Test
    void aReAskElsewhereIsAPostOfItsOwnSoTheFirstRequesterStillCannotApproveAndNotesStayInTheirThread() throws Exception {
        long run = run(18);
        FakeSlackApi.Call first = postedSkewFinding(run);
        String firstId = idOf(first);
        bot.requests.command("run:" + run, "D0EVE", BYSTANDER);
        await(WAIT, () -> bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("blocks").contains("\"value\":\"" + run + "-skew@")));
        FakeSlackApi.Call second = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("\"value\":\"" + run + "-skew@")).findFirst().orElseThrow();
        String secondId = idOf(second);
        assertTrue(!firstId.equals(secondId), firstId);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        bot.slack.clear();

        click(second, USER, "approve_step", secondId);
        click(first, USER, "approve_step", firstId);
        await(WAIT, () -> whispers().size() == 2);
        assertTrue(whispers().stream().allMatch(w -> w.contains("another approver")), whispers().toString());

        click(first, APPROVER, "approve_step", firstId);
        await(WAIT, () -> state(firstId) == ChangeState.APPLIED && !notesInThread(first).isEmpty());
        assertTrue(notesInThread(first).get(0).contains("approved step 1"), notesInThread(first).toString());
        assertEquals(List.of(), notesInThread(second), "the other post's thread hears nothing of it");
        assertEquals(USER, new Recommendations(bot.db).find(firstId).orElseThrow().requester());
    }

    @Test
    void aBotKilledBetweenJobsUpdateAndRecordingItLeavesTheStepApplyingAndTheNextInstanceSettlesItOnce() throws Exception {
        FakeSlackApi.Call finding = postedFinding(4402, "skew");
        String id = idOf(finding);
        SettingsSnapshot before = settings(44);
        bot.workspace.failNext("POST", "/api/2.2/jobs/update", Fault.hangsAfterApplying(Duration.ofSeconds(60)), 1);
        TestDatabases.stop(database); // an H2 file is open in one process at a time: this one lets go of it

        ReplicaProcess.Started doomed = ReplicaProcess.start(ApprovingReplica.class, replica(id, APPROVER));
        doomed.go();
        await(WAIT, () -> bot.workspace.requests("POST", "/api/2.2/jobs/update").size() == 1);
        doomed.kill();

        assertTrue(!settings(44).fingerprint().equals(before.fingerprint()), "the update took before the bot died");
        assertEquals(ChangeState.APPLYING, state(id), "recorded as being sent, not as applied");
        bot.interrupted.finish();
        assertEquals(ChangeState.APPLYING, state(id), "the dead bot's lock has not expired yet: it might still be alive");

        CLOCK.advance(JobLocks.TTL.plusMinutes(1));
        bot.interrupted.finish();
        bot.interrupted.finish();

        assertEquals(ChangeState.APPLIED, state(id));
        assertEquals(List.of("approved", "sending", "applied"), actions(id));
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "nothing sent twice");
        List<String> notes = notesInThread(finding).stream().filter(n -> n.contains("The change is now recorded")).toList();
        assertEquals(1, notes.size(), notesInThread(finding).toString());
        assertEquals(settings(44).fingerprint(), new Changes(bot.db).find(id, 1).orElseThrow().fingerprintAfter());
    }

    @Test
    void twoReplicasApprovingTwoRecommendationsForOneJobAtOnceApplyOneAndRefuseTheOtherWithItsReason() throws Exception {
        assumeTrue(database.containsKey("DATABASE_URL"), "two processes on one database: PostgreSQL");
        FakeSlackApi.Call first = postedFinding(4403, "skew");
        String firstId = idOf(first);
        bot.requests.command("run:4403", "D0EVE", BYSTANDER);
        await(WAIT, () -> bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("blocks").contains("\"value\":\"4403-skew@")));
        String secondId = idOf(bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("\"value\":\"4403-skew@")).findFirst().orElseThrow());
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        SettingsSnapshot before = settings(44);

        ReplicaProcess.runTogether(ApprovingReplica.class, replica(secondId, APPROVER), WAIT,
                () -> click(first, FakeSlackApi.GROUP_MEMBER, "approve_step", firstId));
        await(WAIT, () -> (state(firstId) == ChangeState.APPLIED && actions(secondId).contains("refused"))
                || (state(secondId) == ChangeState.APPLIED && actions(firstId).contains("refused")));

        List<ChangeState> states = List.of(state(firstId), state(secondId));
        assertTrue(states.contains(ChangeState.APPLIED) && states.contains(ChangeState.PROPOSED), states.toString());
        String refused = states.get(0) == ChangeState.PROPOSED ? firstId : secondId;
        String applied = refused.equals(firstId) ? secondId : firstId;
        assertEquals(1, bot.workspace.requests("POST", "/api/2.2/jobs/update").size(), "one update: the other saw the job changed");
        assertEquals(List.of("approved", "refused"), actions(refused));
        assertTrue(audit(refused).get(1).detail().contains("was edited since"), audit(refused).get(1).detail());
        assertEquals(settings(44).fingerprint(), new Changes(bot.db).find(applied, 1).orElseThrow().fingerprintAfter(),
                "the job holds exactly the change recorded as applied");
        assertTrue(!before.fingerprint().equals(settings(44).fingerprint()));
    }

    private static String workerCores() throws IOException {
        JsonNode job = JSON.readTree(Workspaces.connect(bot.workspace.client(), null).settings(43).settingsJson());
        return job.path("job_clusters").get(0).path("new_cluster").path("spark_env_vars").path("SPARK_WORKER_CORES").asText();
    }

    /** Approve clicks the bot counted with {@code outcome}, as /metrics shows {@code spark_advisor_applies_total}. */
    private static double applies(String outcome) {
        Counter counter = bot.metrics.registry().find("spark.advisor.applies").tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    private static ChangeState stateOf(String id, int step) {
        return new Changes(bot.db).find(id, step).orElseThrow().state();
    }

    /**
     * A replica claimed step 1 for {@link #APPROVER} and stopped; with {@code before}, after recording
     * that it was sending the change to settings that were {@code before}.
     */
    private static void claimedByAStoppedBot(String id, SettingsSnapshot before) throws IOException {
        Changes changes = new Changes(bot.db);
        assertTrue(changes.approve(new AuditEntry(CLOCK.instant(), APPROVER, 42, id, 1, AuditAction.APPROVED, "step 1 of skew")));
        if (before != null) {
            SettingsSnapshot expected = JobSettingsEditor.expectedAfter(before, skewStepOne(id));
            assertTrue(changes.sending(StepDelta.between(before, expected).toJson(), expected.fingerprint(),
                    new AuditEntry(CLOCK.instant(), AuditEntry.BOT, 42, id, 1, AuditAction.SENDING, "sending")));
        }
    }

    /** Step 1 of the skew recommendation {@code id} as the job change it makes: its spark_conf on job cluster "main". */
    private static ClusterChange skewStepOne(String id) throws IOException {
        Map<String, String> conf = new HashMap<>();
        JSON.readTree(new Recommendations(bot.db).find(id).orElseThrow().stepsJson()).get(0).path("changes")
                .forEach(c -> conf.put(c.path("key").asText(), c.path("value").asText()));
        return new ClusterChange(new ClusterTarget.JobCluster("main"), conf, null, null, null, null, null);
    }

    /** {@code /spark-advisor history skewed-join}'s answer: the text of its blocks. */
    private static String history() throws Exception {
        bot.requests.command("history skewed-join", CHANNEL, USER);
        await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
        return blocksText(JSON.readTree(bot.slack.calls("response_url").get(0).param("json")).path("blocks"));
    }

    private static String blocksText(JsonNode blocks) {
        StringBuilder text = new StringBuilder();
        blocks.forEach(b -> text.append(b.path("text").path("text").asText()).append('\n'));
        return text.toString();
    }

    /** The follow-up's verdicts in the thread of {@code finding}. */
    private static List<FakeSlackApi.Call> verdicts(FakeSlackApi.Call finding) {
        return bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").equals(finding.param("thread_ts"))
                && c.param("text").contains("its checks on run")).toList();
    }

    /** Asks about {@code run}, has {@link #APPROVER} approve the skew finding's step 1, and returns the finding once the step is applied. */
    private static FakeSlackApi.Call appliedSkewStep(long run) {
        FakeSlackApi.Call finding = postedSkewFinding(run);
        click(finding, APPROVER, "approve_step", idOf(finding));
        await(WAIT, () -> state(idOf(finding)) == ChangeState.APPLIED);
        return finding;
    }

    /** {@link #appliedSkewStep}, then the job's next run on cluster {@code clusterId} delivering {@code log}, judged. */
    private static FakeSlackApi.Call judgedSkewStep(long run, long nextRun, String clusterId, String log) {
        FakeSlackApi.Call finding = appliedSkewStep(run);
        bot.addNextRun(42, nextRun, "skewed-join", clusterId, log);
        bot.followUp.poll();
        return finding;
    }

    /** Asks about {@code run} and returns the thread reply carrying the skew finding's buttons. */
    private static FakeSlackApi.Call postedSkewFinding(long run) {
        return postedFinding(run, "skew");
    }

    /** Asks about {@code run} and returns the thread reply carrying the buttons of {@code rule}'s finding. */
    private static FakeSlackApi.Call postedFinding(long run, String rule) {
        return bot.postedFinding(run, USER, rule);
    }

    /** The recommendation id the finding's Approve button carries: its run, rule and post. */
    private static String idOf(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        return value.group(1);
    }

    private static void click(FakeSlackApi.Call finding, String user, String actionId, String recommendationId) {
        click(finding, finding.param("blocks"), user, actionId, recommendationId);
    }

    private static void click(FakeSlackApi.Call finding, String blocks, String user, String actionId, String recommendationId) {
        click(finding, blocks, user, actionId, recommendationId, 1);
    }

    /** A click on step {@code step}'s button of {@code finding}'s message as it now shows {@code blocks}. */
    private static void click(FakeSlackApi.Call finding, String blocks, String user, String actionId, String recommendationId, int step) {
        String payload = SlackPayloads.blockAction(finding, blocks, user, actionId, recommendationId, step, bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }

    private static SettingsSnapshot settings() {
        return settings(42);
    }

    private static SettingsSnapshot settings(long jobId) {
        return Workspaces.connect(bot.workspace.client(), null).settings(jobId);
    }

    private static ChangeState state(String id) {
        return stateOf(id, 1);
    }

    private static List<String> actions(String id) {
        return audit(id).stream().map(e -> e.action().id()).toList();
    }

    private static List<AuditEntry> audit(String id) {
        long job = new Recommendations(bot.db).find(id).orElseThrow().jobId();
        return new Changes(bot.db).audit(job).stream().filter(e -> e.recommendationId().equals(id)).toList();
    }

    /** The arguments of an {@link ApprovingReplica} approving step 1 of {@code id} as {@code approver}, on this test's database, workspace, Slack and time. */
    private static List<String> replica(String id, String approver) {
        Map.Entry<String, String> db = database.entrySet().iterator().next();
        return List.of(db.getKey() + "=" + db.getValue(), bot.workspace.url(), bot.slack.baseUrl(), Long.toString(CLOCK.ahead().toMillis()),
                id, approver);
    }

    private static List<FakeSlackApi.Call> edits(FakeSlackApi.Call finding) {
        return bot.slack.calls("chat.update").stream().filter(c -> c.param("ts").equals(finding.tsPosted())).toList();
    }

    /** What the bot told clickers alone, as they read it. */
    private static List<String> whispers() {
        return bot.slack.calls("chat.postEphemeral").stream().map(ApprovalsEndToEnd::asRead).toList();
    }

    /** What the bot said in the thread of {@code finding}, as people read it. */
    private static List<String> notesInThread(FakeSlackApi.Call finding) {
        return bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").equals(finding.param("thread_ts")))
                .map(ApprovalsEndToEnd::asRead).toList();
    }

    private static String asRead(FakeSlackApi.Call message) {
        try {
            return blocksText(JSON.readTree(message.param("blocks")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
