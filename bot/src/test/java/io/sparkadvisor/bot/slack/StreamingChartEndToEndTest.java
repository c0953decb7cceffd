package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A streaming job's run asked about in Slack: job 49 ran the real Kafka query of corpus/streaming that falls behind
 * (2 topic partitions on 8 slots); the thread carries its streaming findings and the chart of rates and durations.
 */
class StreamingChartEndToEndTest extends SharedBotTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);

    @BeforeAll
    static void start() {
        bot = new BotHarness();
        BotHarness.addJob(bot.workspace, 49, "kafka-enrich", "1205-stream", "streaming/stream-kafka-2-partitions.log.gz",
                4901, 4901);
    }

    @Test
    void aStreamingFindingComesWithInputVsProcessingRateAndBatchDurationsInTheThread() {
        bot.requests.command("run:4901", CHANNEL, USER);

        await(ANSWER, () -> bot.finishedParents() >= 1);
        String parentTs = bot.parents().get(0).tsPosted();
        assertTrue(bot.threadReplies(parentTs).stream().anyMatch(r -> r.param("blocks").contains("source-parallelism")),
                "the streaming finding is in the thread");
        assertTrue(bot.slack.calls("files.getUploadURLExternal").stream()
                .anyMatch(c -> c.param("filename").equals("streaming-rates.png")), "the streaming chart is uploaded");
        assertTrue(bot.slack.calls("upload").stream().allMatch(c -> c.bodyBytes() > 5_000), "drawn charts were sent");
        FakeSlackApi.Call complete = bot.slack.calls("files.completeUploadExternal").stream()
                .filter(c -> c.param("files").contains("rows/s in vs processed")).findFirst().orElseThrow();
        assertEquals(parentTs, complete.param("thread_ts"), "posted in the answer's thread");
        assertTrue(complete.param("files").contains("kafka-enrich"), complete.param("files"));
    }
}
