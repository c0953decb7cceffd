package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.templates.slack.ApprovalIds;
import io.sparkadvisor.templates.slack.HotValueIds;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A button's value checked against the message it was clicked on, end to end: two asks about runs of job 45
 * (delta-skew-join) make two threads, each with a skew finding that has Approve / Reject and "Find the hot value";
 * a signed click on the first thread's finding whose value names the second thread's recommendation or lookup is
 * refused, and nothing changes. A genuine click on a thread's own message still works.
 */
class ForgedButtonValueEndToEndTest extends SharedBotTest {
    private static final String APPROVER = "U0BOB";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static FakeSlackApi.Call first;
    private static FakeSlackApi.Call second;

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER), Clock.systemUTC());
        BotHarness.addJob(bot.workspace, 45, "delta-skew-join", "1204-delta", "delta-skew-join.log.gz", 4501, 4510);
        first = postedSkewFinding("run:4501");
        second = postedSkewFinding("run:4502");
    }

    @Test
    void anApproveWhoseValueNamesAnotherThreadsRecommendationChangesNothing() throws Exception {
        String othersId = recommendationId(second);
        String forged = SlackPayloads.blockAction(first, first.param("blocks"), APPROVER, ApprovalIds.APPROVE, othersId, 1,
                bot.slack.responseUrl());

        assertEquals(200, bot.requests.interaction(forged).statusCode());

        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        String told = bot.slack.calls("chat.postEphemeral").get(0).param("blocks");
        assertTrue(told.contains("does not belong to the message"), told);
        Thread.sleep(500);
        assertEquals(ChangeState.PROPOSED, new Changes(bot.db).find(othersId, 1).orElseThrow().state());
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
        assertEquals(List.of(), bot.slack.calls("chat.update"), "neither message was edited");
    }

    @Test
    void aHotValueClickWhoseValueNamesAnotherThreadsLookupRunsNothing() throws Exception {
        String forged = SlackPayloads.buttonClick(first, first.param("blocks"), USER, HotValueIds.FIND, HotValueIds.BLOCK,
                hotValueId(second), bot.slack.responseUrl());

        assertEquals(200, bot.requests.interaction(forged).statusCode());

        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        assertTrue(bot.slack.calls("chat.postEphemeral").get(0).param("blocks").contains("does not belong to the message"));
        Thread.sleep(500);
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"));
        assertEquals(List.of(), bot.threadReplies(second.param("thread_ts")), "nothing said in the other thread");
    }

    @Test
    void theRejectOnTheRecommendationsOwnMessageStillWorks() {
        String id = recommendationId(first);
        String genuine = SlackPayloads.blockAction(first, first.param("blocks"), APPROVER, ApprovalIds.REJECT, id, 1,
                bot.slack.responseUrl());

        assertEquals(200, bot.requests.interaction(genuine).statusCode());

        await(WAIT, () -> new Changes(bot.db).find(id, 1).orElseThrow().state() == ChangeState.REJECTED);
    }

    private static FakeSlackApi.Call postedSkewFinding(String query) {
        bot.slack.clear();
        bot.requests.command(query, CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        return bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("\"action_id\":\"" + HotValueIds.FIND + "\"")
                        && c.param("blocks").contains("\"action_id\":\"" + ApprovalIds.APPROVE + "\"")).findFirst().orElseThrow();
    }

    private static String recommendationId(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        return value.group(1);
    }

    private static String hotValueId(FakeSlackApi.Call finding) throws Exception {
        for (JsonNode block : JSON.readTree(finding.param("blocks"))) {
            if (block.path("block_id").asText().equals(HotValueIds.BLOCK)) {
                return block.path("elements").get(0).path("value").asText();
            }
        }
        throw new AssertionError("no hot-value button");
    }
}
