package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.eventlog.Codec;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ask -> answer through the Slack app for a large run whose cluster delivered its live, uncompressed
 * {@code eventlog} to DBFS, with every workspace call taking {@code bench.latencyMs} (150 ms: a round
 * trip to a workspace in another region). The log is {@code -Dbench.log=/path/to/large.log} (the
 * 100k-task log of tools/bench's README) or, by default, the real Databricks Photon run
 * nds_q88_photon_db_13_3 from corpus/external, uncompressed. A warm-up ask (no latency) comes first
 * and is not measured. Not part of the default build:
 * {@code mvn -B -pl knowledge,rules,databricks-client,templates,bot verify -Dgroups=bench -Dtest=SlowWorkspaceAskBenchmarkTest -Dsurefire.failIfNoSpecifiedTests=false}
 */
@Tag("bench")
class SlowWorkspaceAskBenchmarkTest {
    private static final String CLUSTER = "1204-big";
    private static final String LOG = "dbfs/cluster-logs/" + CLUSTER + "/eventlog/" + CLUSTER + "_10_0_0_7/777/eventlog";

    @Test
    void askAboutALargeRunOverASlowWorkspace(@TempDir Path scratch) throws Exception {
        Path log = plainLog(scratch);
        long latencyMs = Long.getLong("bench.latencyMs", 150);
        try (BotHarness bot = new BotHarness()) {
            BotHarness.addJob(bot.workspace, 45, "big-job", CLUSTER, "healthy.log.gz", 4501, 4502);
            Files.delete(bot.workspace.root().resolve("dbfs/cluster-logs/" + CLUSTER + "/eventlog/" + CLUSTER
                    + "_10_0_0_7/777/eventlog-2026-12-01--00-00.gz"));
            bot.workspace.putFile(LOG, log);

            double warmS = ask(bot, 4501);
            bot.workspace.latency(Duration.ofMillis(latencyMs));
            bot.workspace.clearRequests();
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            double load = os.getSystemLoadAverage();
            long cpu = os.getProcessCpuTime();
            double seconds = ask(bot, 4502);
            double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;

            long reads = bot.workspace.requests().stream().map(RecordedRequest::path).filter("/api/2.0/dbfs/read"::equals).count();
            long calls = bot.workspace.requests().size();
            System.out.printf(Locale.ROOT, "BENCH log=%s %.1f MB; ask -> answer %.1f s at %d ms per call (%d calls, %d dbfs/read,"
                            + " at most %d at once; one after another the calls alone would take %.1f s); warm-up ask without latency %.1f s;"
                            + " the timed ask used %.1f s of CPU in this JVM (bot, SDK and emulator); load %.1f -> %.1f on %d cores%n",
                    log.getFileName(), Files.size(log) / 1e6, seconds, latencyMs, calls, reads, bot.workspace.mostCallsAtOnce(),
                    calls * latencyMs / 1e3, warmS, cpuSeconds, load, os.getSystemLoadAverage(), os.getAvailableProcessors());
            assertEquals(2, bot.slack.calls("chat.update").stream().filter(c -> c.param("blocks").contains("Details in the thread")).count());
        }
    }

    /** Seconds from the command to the parent message saying the answer is in the thread. */
    private static double ask(BotHarness bot, long run) {
        long before = bot.slack.calls("chat.update").stream().filter(c -> c.param("blocks").contains("Details in the thread")).count();
        long started = System.nanoTime();
        bot.requests.command("run:" + run, CHANNEL, USER);
        BotHarness.await(Duration.ofMinutes(10), () -> bot.slack.calls("chat.update").stream()
                .filter(c -> c.param("blocks").contains("Details in the thread")).count() > before);
        return (System.nanoTime() - started) / 1e9;
    }

    private static Path plainLog(Path scratch) throws Exception {
        String given = System.getProperty("bench.log");
        if (given != null) {
            return Path.of(given);
        }
        Path zstd = Corpus.dir().resolve("external/spark-rapids-tools/nds_q88_photon_db_13_3.zstd");
        Path plain = scratch.resolve("nds_q88_photon_db_13_3");
        try (InputStream in = Codec.sniffAndDecode(new BufferedInputStream(Files.newInputStream(zstd)), zstd.getFileName().toString())) {
            Files.copy(in, plain);
        }
        return plain;
    }
}
