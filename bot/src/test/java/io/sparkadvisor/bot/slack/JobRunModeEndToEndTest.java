package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The job's settings, not the log's guess, decide whether a streaming job is always on, end to end through the Slack app
 * against the emulator. Jobs 62 and 63 ran the same real file-source query that mostly idles (corpus stream-idle-files)
 * on two i3.xlarge workers: job 62 on an hourly {@code schedule}, job 63 {@code continuous}. Only the continuous job's
 * answer prices an always-on cluster by the week.
 */
class JobRunModeEndToEndTest extends SharedBotTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        bot = new BotHarness();
        addJob(62, 6201, "landing-orders-hourly", "{\"quartz_cron_expression\":\"0 0 * * * ?\",\"timezone_id\":\"UTC\"}", "schedule");
        addJob(63, 6301, "landing-orders", "{\"pause_status\":\"UNPAUSED\"}", "continuous");
    }

    private static void addJob(long jobId, long run, String name, String mode, String modeField) throws IOException {
        BotHarness.addJob(bot.workspace, jobId, name, "0" + jobId + "-stream", "streaming/stream-idle-files.log.gz", run, run);
        ObjectNode job = (ObjectNode) JSON.readTree(Files.readString(bot.workspace.root().resolve("jobs/" + jobId + ".json")));
        ((ObjectNode) job.path("settings")).set(modeField, JSON.readTree(mode));
        bot.workspace.putJson("jobs/" + jobId + ".json", job.toString());
    }

    @Test
    void aScheduledStreamingJobIsNotPricedAsAnAlwaysOnClusterAContinuousOneIs() {
        String scheduled = thread(6201);
        assertFalse(scheduled.contains("idle-always-on"), "a job on a schedule already is what the rule proposes: " + scheduled);
        assertFalse(scheduled.contains("always-on cluster") || scheduled.contains("a week always on"),
                "no weekly always-on dollars: " + scheduled);

        String continuous = thread(6301);
        assertTrue(continuous.contains("idle-always-on") && continuous.contains("The job runs continuously"), continuous);
        assertTrue(continuous.contains("a week ($"), "the continuous job's cluster priced by the week: " + continuous);
    }

    /** Every block the bot posted in the answer's thread about {@code run}. */
    private static String thread(long run) {
        long before = bot.finishedParents();
        bot.requests.command("run:" + run, CHANNEL, USER);
        await(ANSWER, () -> bot.finishedParents() > before);
        String parentTs = bot.parents().get(bot.parents().size() - 1).tsPosted();
        return bot.threadReplies(parentTs).stream().map(r -> r.param("blocks")).collect(Collectors.joining("\n"));
    }
}
