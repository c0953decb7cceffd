package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.emulator.SystemTables;
import io.sparkadvisor.databricks.serverless.ServerlessRunReader;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.rules.serverless.performancemode.PerformanceModeRule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A serverless job's performance mode as a change the bot applies and verifies, end to end through the Slack app against
 * the emulator: job 7311 of corpus/serverless/nightly-orders.json (performance-optimized, its run 880112 took 49 min for
 * $37.38). The mode finding carries Approve; an approver's click sends one jobs/update with performance_target STANDARD;
 * the job's next run, in standard mode, is judged from its serverless facts (its time, and its cost as billing priced it);
 * Roll back puts the mode back.
 */
class PerformanceModeEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String APPROVER = "U0BOB";
    private static final String BYSTANDER = "U0EVE";
    private static final long JOB = 7311;
    private static final long RUN = 880112;
    private static final long NEXT_RUN = 880129;
    private static final String UPDATE = "/api/2.2/jobs/update";

    @Test
    void theModeIsApprovedOnceAppliedAsOneJobsUpdateJudgedOnTheNextServerlessRunAndRolledBack() throws Exception {
        try (BotHarness bot = approving()) {
            ServerlessEndToEndTest.addServerlessJob(bot.workspace);
            SettingsSnapshot original = settings(bot);
            FakeSlackApi.Call finding = bot.postedFinding(RUN, USER, PerformanceModeRule.ID);
            String blocks = finding.param("blocks");
            assertTrue(blocks.contains("approve_step") && blocks.contains("performance_target"), blocks);
            assertTrue(blocks.contains("The trade: each run may start up to 6.0 min later") && blocks.contains("fewer DBUs a run ($13.64"),
                    "Approve sits under the trade, from the finding: " + blocks);
            String id = idOf(finding);

            click(bot, finding, blocks, BYSTANDER, "approve_step", id);
            await(WAIT, () -> whispers(bot).stream().anyMatch(w -> w.contains("not allowed")));
            CompletableFuture.allOf(CompletableFuture.runAsync(() -> click(bot, finding, blocks, APPROVER, "approve_step", id)),
                    CompletableFuture.runAsync(() -> click(bot, finding, blocks, APPROVER, "approve_step", id))).join();
            await(WAIT, () -> state(bot, id) == ChangeState.APPLIED && whispers(bot).size() == 2);

            List<JsonNode> updates = updates(bot);
            assertEquals(1, updates.size(), "the double click applied once, the bystander nothing: " + updates);
            assertEquals(JOB, updates.get(0).path("job_id").asLong());
            assertEquals(JSON.readTree("{\"performance_target\":\"STANDARD\"}"), updates.get(0).path("new_settings"), "that field alone");
            assertEquals("STANDARD", JSON.readTree(settings(bot).settingsJson()).path("performance_target").asText());
            List<String> notes = bot.threadReplies(finding.param("thread_ts")).stream().map(c -> c.param("blocks")).toList();
            assertTrue(notes.stream().anyMatch(n -> n.contains("job `performance_target` = `STANDARD` on the job")), "the thread says what changed: " + notes);

            nextRunInStandardMode(bot, Duration.ofMinutes(52), false);
            bot.followUp.poll();
            assertEquals(ChangeState.APPLIED, state(bot, id), "billing has not priced the next run yet: its cost check waits");
            nextRunInStandardMode(bot, Duration.ofMinutes(52), true);
            bot.followUp.poll();

            FakeSlackApi.Call verdict = bot.threadReplies(finding.param("thread_ts")).stream()
                    .filter(c -> c.param("text").contains("passed its checks on run " + NEXT_RUN)).findFirst().orElseThrow();
            assertEquals(ChangeState.VERIFIED, state(bot, id));
            String verdictBlocks = verdict.param("blocks");
            assertTrue(verdictBlocks.contains("roll_back_step"), verdictBlocks);
            assertTrue(verdictBlocks.contains("$24.57") && verdictBlocks.contains("$37.38"), "its cost against this run's: " + verdictBlocks);

            CompletableFuture.allOf(CompletableFuture.runAsync(() -> click(bot, verdict, verdictBlocks, APPROVER, "roll_back_step", id)),
                    CompletableFuture.runAsync(() -> click(bot, verdict, verdictBlocks, APPROVER, "roll_back_step", id))).join();
            await(WAIT, () -> state(bot, id) == ChangeState.ROLLED_BACK);

            updates = updates(bot);
            assertEquals(2, updates.size(), "the double click rolled back once: " + updates);
            assertEquals(JSON.readTree("{\"performance_target\":\"PERFORMANCE_OPTIMIZED\"}"), updates.get(1).path("new_settings"));
            assertEquals(original.settingsJson(), settings(bot).settingsJson(), "the job as it was, byte for byte");
        }
    }

    @Test
    void aNextRunLongerThanThisRunPlusStandardsStartFailsTheStepAndOffersRollBack() throws Exception {
        try (BotHarness bot = approving()) {
            ServerlessEndToEndTest.addServerlessJob(bot.workspace);
            FakeSlackApi.Call finding = bot.postedFinding(RUN, USER, PerformanceModeRule.ID);
            String id = idOf(finding);
            click(bot, finding, finding.param("blocks"), APPROVER, "approve_step", id);
            await(WAIT, () -> state(bot, id) == ChangeState.APPLIED);

            nextRunInStandardMode(bot, Duration.ofMinutes(60), true); // 49 min + 6 min is the bound
            bot.followUp.poll();

            FakeSlackApi.Call verdict = bot.threadReplies(finding.param("thread_ts")).stream()
                    .filter(c -> c.param("text").contains("failed its checks on run " + NEXT_RUN)).findFirst().orElseThrow();
            assertEquals(ChangeState.CHECKS_FAILED, state(bot, id));
            assertTrue(verdict.param("blocks").contains("roll_back_step"), verdict.param("blocks"));
        }
    }

    @Test
    void aJobEditedSinceTheAdviceIsNotChanged() throws Exception {
        try (BotHarness bot = approving()) {
            ServerlessEndToEndTest.addServerlessJob(bot.workspace);
            FakeSlackApi.Call finding = bot.postedFinding(RUN, USER, PerformanceModeRule.ID);
            String renamed = settings(bot).settingsJson().replace("\"nightly-orders\"", "\"nightly-orders-v2\"");
            bot.workspace.putJson("jobs/" + JOB + ".json", "{\"job_id\":" + JOB + ",\"settings\":" + renamed + "}");

            click(bot, finding, finding.param("blocks"), APPROVER, "approve_step", idOf(finding));
            await(WAIT, () -> whispers(bot).stream().anyMatch(w -> w.contains("edited since")));

            assertEquals(List.of(), updates(bot));
            assertEquals(SettingsSnapshot.recorded(JOB, renamed), settings(bot));
        }
    }

    private static BotHarness approving() {
        return new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER + "," + USER),
                Clock.systemUTC());
    }

    /** The job's next run, started now on serverless compute, taking {@code took}; once {@code billed}, in standard mode, cheaper. */
    private static void nextRunInStandardMode(BotHarness bot, Duration took, boolean billed) throws IOException {
        ObjectNode fixture = (ObjectNode) JSON.readTree(ServerlessFixtures.json("nightly-orders"));
        long start = bot.clock.millis() + 1_000;
        ObjectNode run = fixture.path("run").deepCopy();
        run.put("run_id", NEXT_RUN).put("start_time", start).put("end_time", start + took.toMillis());
        ObjectNode task = run.putArray("tasks").addObject().put("task_key", "orders").put("run_id", NEXT_RUN + 1).put("environment_key", "default");
        task.set("state", run.path("state"));
        bot.workspace.putJson("runs/" + NEXT_RUN + ".json", run.toString());
        if (billed) {
            ((ArrayNode) fixture.path("usage")).addObject().put("job_run_id", Long.toString(NEXT_RUN)).put("performance_target", "STANDARD")
                    .put("usage_start", Instant.ofEpochMilli(start).toString())
                    .put("usage_end", Instant.ofEpochMilli(start + took.toMillis()).toString())
                    .put("dbus", "70.2000").put("dollars", "24.5700");
        }
        SystemTables.serveQueryHistory(bot.workspace, ServerlessRunReader.COLUMNS, fixture);
    }

    private static void click(BotHarness bot, FakeSlackApi.Call finding, String blocks, String user, String actionId, String id) {
        String payload = SlackPayloads.blockAction(finding, blocks, user, actionId, id, 1, bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }

    private static String idOf(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        return value.group(1);
    }

    private static ChangeState state(BotHarness bot, String id) {
        return new Changes(bot.db).find(id, 1).map(ChangeRecord::state).orElse(null);
    }

    private static SettingsSnapshot settings(BotHarness bot) {
        return Workspaces.connect(bot.workspace.client(), null).settings(JOB);
    }

    private static List<String> whispers(BotHarness bot) {
        return bot.slack.calls("chat.postEphemeral").stream().map(c -> c.param("text") + c.param("blocks")).toList();
    }

    private static List<JsonNode> updates(BotHarness bot) {
        return bot.workspace.requests("POST", UPDATE).stream().map(r -> {
            try {
                return JSON.readTree(r.body());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
    }
}
