package io.sparkadvisor.bot.followup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.RestartMessages.Row;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A restart's verdict from windows of real streaming corpus logs: the Kafka query whose every batch overran its 2 s trigger
 * while its backlog grew (stream-kafka-waits), and the healthy control (17 batches, median 1.9 s on a 15 s trigger).
 */
class WindowJudgeTest {
    private static final RunFacts WAITS = RunFactsReader.read(Corpus.dir().resolve("streaming/stream-kafka-waits.log.gz"));
    private static final RunFacts HEALTHY = RunFactsReader.read(Corpus.dir().resolve("streaming/stream-healthy.log.gz"));
    private static final RunFacts LONG = RunFactsReader.read(Corpus.dir().resolve("streaming/stream-long.log.gz"));
    /** Windows of 15 batches: both logs fill one. */
    private static final WindowJudge.Size SIZE = WindowJudge.Size.of(Thresholds.withOverrides(Map.of(
            "follow-up.streamingWindowBatches", "15")));

    @Test
    void aQueryThatNowKeepsUpPassesAndOneThatFellBehindFailsOnItsRateBatchTimeAndTrigger() {
        BatchWindow behind = window(WAITS);
        BatchWindow keepsUp = window(HEALTHY);
        assertTrue(behind.full() && keepsUp.full());
        assertEquals(15, behind.batches());

        WindowJudge.Judged better = WindowJudge.judge(behind, keepsUp, SIZE);
        assertEquals(Transition.VERIFY, better.transition(), better.rows().toString());
        WindowJudge.Judged worse = WindowJudge.judge(keepsUp, behind, SIZE);
        assertEquals(Transition.FAIL_CHECKS, worse.transition(), worse.rows().toString());
        assertEquals(List.of("input / processing rate", "median batch time", "batches over their trigger"),
                worse.rows().stream().filter(r -> !r.passed()).map(Row::measure).toList(), worse.rows().toString());
    }

    @Test
    void theSameWindowAgainPassesWithinTheNoise() {
        WindowJudge.Judged same = WindowJudge.judge(window(WAITS), window(WAITS), SIZE);
        assertEquals(Transition.VERIFY, same.transition(), same.rows().toString());
        assertTrue(same.rows().stream().anyMatch(r -> r.measure().equals("offsets behind latest, growth")), "Kafka reports its backlog");
    }

    @Test
    void aWindowIsJudgedOnlyOnceFullByBatchesOrByItsSpan() {
        BatchWindow defaults = BatchWindow.latest(HEALTHY.streaming(), Optional.empty(), 50, Duration.ofMinutes(30), 1.05).orElseThrow();
        assertFalse(defaults.full(), "17 batches in a few minutes: neither 50 batches nor 30 minutes yet");
        BatchWindow byBatches = BatchWindow.latest(LONG.streaming(), Optional.empty(), 50, Duration.ofMinutes(30), 1.05).orElseThrow();
        assertTrue(byBatches.full());
        assertEquals(50, byBatches.batches());
        BatchWindow bySpan = BatchWindow.latest(LONG.streaming(), Optional.empty(), 50, Duration.ofSeconds(10), 1.05).orElseThrow();
        assertTrue(bySpan.full() && bySpan.batches() < 50 && bySpan.spanMs() <= 10_000, bySpan.toString());
    }

    private static BatchWindow window(RunFacts facts) {
        return BatchWindow.latest(facts.streaming(), Optional.empty(), SIZE.batches(), SIZE.span(), SIZE.noise()).orElseThrow();
    }
}
