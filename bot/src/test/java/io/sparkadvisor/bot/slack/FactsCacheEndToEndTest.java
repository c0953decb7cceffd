package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.fetch.FactsCache;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.AdviceJson;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts cache with the real pieces: the emulator serving the corpus's skewed-join log over
 * DBFS, the rules, and the whole bot. A run read once is not downloaded again, and its analysis is
 * the same to the byte.
 */
class FactsCacheEndToEndTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);

    @TempDir
    Path cacheDir;

    @Test
    void aSecondAnalysisOfARunReadsNoLogAndGivesTheSameAnalyzeJson() {
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            BotHarness.addJob(emulator, 42, "skewed-join", "1203-skew", "skew.log.gz", 4201, 4201);
            String fresh = analyzeJson(Workspaces.connect(emulator.client(), null), 4201);
            assertTrue(skewLogReads(emulator) > 0);

            emulator.clearRequests();
            String firstCached = analyzeJson(Workspaces.connect(emulator.client(), null, FactsCache.in(cacheDir, 64L << 20)), 4201);
            assertTrue(skewLogReads(emulator) > 0, "a miss reads the log");

            emulator.clearRequests();
            // another process sharing the cache folder: nothing in memory is shared
            String second = analyzeJson(Workspaces.connect(emulator.client(), null, FactsCache.in(cacheDir, 64L << 20)), 4201);
            assertEquals(0, skewLogReads(emulator), "no dbfs/read of the log the second time");
            assertEquals(fresh, firstCached);
            assertEquals(fresh, second, "the analyze JSON, byte for byte");
            assertTrue(second.contains("\"rule\" : \"skew\""), second);
        }
    }

    @Test
    void aReAskAfterTheBotRestartedReadsNoLog() throws Exception {
        BotHarness first = new BotHarness();
        BotHarness second = null;
        try {
            first.requests.command("run:4212", CHANNEL, USER);
            await(ANSWER, () -> finished(first));
            assertEquals(1, first.skewLogReads());
            List<String> firstFindings = findings(first);

            second = first.restart();
            second.workspace.clearRequests();
            second.requests.command("run:4212", CHANNEL, USER);
            BotHarness restarted = second;
            await(ANSWER, () -> finished(restarted));
            assertEquals(0, second.skewLogReads(), "the re-ask read no log");
            assertEquals(firstFindings, findings(second), "the same findings, word for word");
            assertTrue(firstFindings.stream().anyMatch(f -> f.contains("longer than the median")), firstFindings.toString());
        } finally {
            (second != null ? second : first).close();
        }
    }

    private static String analyzeJson(Workspace workspace, long runId) {
        RunTelemetry run = workspace.fetch(new RunRef(runId, 42L, null));
        RunFacts facts = workspace.facts(run, run.clusters().get(0), bytes -> {});
        return AdviceJson.write(new Advisor(Thresholds.defaults()).advise(facts), facts.platform());
    }

    private static long skewLogReads(WorkspaceEmulator emulator) {
        return emulator.requests("GET", "/api/2.0/dbfs/read").stream().filter(r -> r.query().contains("1203-skew")).count();
    }

    private static boolean finished(BotHarness bot) {
        return bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread"));
    }

    /** The thread's finding messages as posted, without the ids that differ from post to post. */
    private static List<String> findings(BotHarness bot) {
        return bot.slack.calls("chat.postMessage").stream().filter(c -> !c.param("thread_ts").isEmpty())
                .map(c -> c.param("text")).filter(t -> !t.contains("Resolving")).toList();
    }
}
