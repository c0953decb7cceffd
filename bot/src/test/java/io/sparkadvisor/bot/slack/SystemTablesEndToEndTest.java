package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A classic run's answer beside what the system tables know, through the Slack app and the emulator's warehouse: the
 * machines of its cluster over the run (system.compute.node_timeline) and the predictive optimization of the Unity
 * Catalog tables it scans.
 */
class SystemTablesEndToEndTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HISTORY = "system.storage.predictive_optimization_operations_history";

    @TempDir
    Path dir;

    /** The thread of the ask about {@code run}, once answered: its parent and replies' blocks. */
    private static String answer(BotHarness bot, long run) {
        bot.requests.command("run:" + run, CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")
                && c.param("blocks").contains("run:" + run)));
        return bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks")).collect(Collectors.joining("\n"))
                + bot.slack.calls("chat.update").stream().map(c -> c.param("blocks")).collect(Collectors.joining("\n"));
    }

    /** corpus/node-timeline/{@code file} as the warehouse answers the advisor's statement: its columns, in its order. */
    private static List<List<String>> nodeRows(String file) throws IOException {
        return Files.readAllLines(Corpus.dir().resolve("node-timeline").resolve(file)).stream().skip(1).map(l -> l.split(","))
                .map(c -> List.of(c[2], c[3], c[5], c[6], c[7], c[8], c[9], c[10])).toList();
    }

    @Test
    void anIoBoundRunOnMachinesWithLowCpuGetsIoBoundSlotsWithTheMachinesNumbersAndTheirChart() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            bot.workspace.onStatement("system.compute.node_timeline", StatementScript.nodeTimeline(nodeRows("io-bound-low-cpu.csv")));

            String thread = answer(bot, 4301);

            assertTrue(thread.contains("CPU 27% median over 2 nodes while every slot held a task"), thread);
            assertFalse(thread.contains("No machines' view"), thread);
            JsonNode statement = JSON.readTree(bot.workspace.requests("POST", "/api/2.0/sql/statements").stream().map(r -> r.body())
                    .filter(b -> b.contains("system.compute.node_timeline")).findFirst().orElseThrow());
            assertEquals("1203-io", statement.path("parameters").path(0).path("value").asText(), "the run's cluster, as a parameter");
            assertFalse(statement.path("statement").asText().contains("1203-io"));
            String uploads = bot.slack.calls("files.completeUploadExternal").stream().map(c -> c.params().toString()).collect(Collectors.joining());
            assertTrue(uploads.contains("Running tasks vs slots, and the machines: CPU ") && uploads.contains("% median over 2 nodes"), uploads);
        }
    }

    /** The table fills days after a run: the answer says so and judges from the log as before (no machines' numbers). */
    @Test
    void noRowsYetGiveTheNoteAndTheLogsVerdict() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            String thread = answer(bot, 4301);

            assertTrue(thread.contains("No machines' view: system.compute.node_timeline has no rows for this run's cluster between"), thread);
            assertTrue(thread.contains("io-bound-slots") || thread.contains("for a free slot"), thread);
            assertFalse(thread.contains("median over 2 nodes while every slot held a task"), thread);
            assertTrue(bot.slack.calls("files.completeUploadExternal").stream().map(c -> c.params().toString())
                    .noneMatch(p -> p.contains("and the machines")), "the slots chart alone");
        }
    }

    /**
     * The delta-small-files run as a Unity Catalog workspace logs it (its table main.default.events): predictive optimization
     * maintains the table, so the layout advice has no OPTIMIZE and says when Databricks last ran it; the same run under
     * Spark's own catalog name is not looked up in Unity Catalog and keeps its OPTIMIZE.
     */
    @Test
    void aManagedTableUnderPredictiveOptimizationGetsNoOptimizeStep() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            Path unityCatalog = renamed("delta-small-files.log.gz", "spark_catalog.default.events", "main.default.events");
            BotHarness.addJob(bot.workspace, 47, "events-uc", "1203-delta-uc", unityCatalog.toString(), 4701, 4701);
            BotHarness.addJob(bot.workspace, 48, "events-hive", "1203-delta-hive", "delta-small-files.log.gz", 4801, 4801);
            bot.workspace.addDeltaTable("main.default.events", "MANAGED", "file:/tmp/h-delta/corpus-work/delta-small", "ENABLE");
            bot.workspace.onStatement(HISTORY, StatementScript.succeeds(List.of("operation_type", "operation_status", "end_time"),
                    List.of(List.of(List.of("COMPACTION", "SUCCESSFUL", "2026-12-02T03:10:00.000Z")))));

            String maintained = answer(bot, 4701);
            assertTrue(maintained.contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-12-02T03:10:00Z"), maintained);
            assertFalse(maintained.contains("OPTIMIZE main.default.events"), maintained);
            assertTrue(maintained.contains("CLUSTER BY (user_id)"), maintained);
            assertEquals(1, bot.workspace.requests("GET", "/api/2.1/unity-catalog/tables/main.default.events").size());
            bot.slack.clear();
            bot.workspace.clearRequests();

            String hive = answer(bot, 4801);
            assertTrue(hive.contains("OPTIMIZE spark_catalog.default.events"), hive);
            assertEquals(List.of(), bot.workspace.requests().stream().filter(r -> r.path().contains("unity-catalog")).toList());
        }
    }

    /** The corpus log with {@code from} replaced by {@code to} in every line, gzipped. */
    private Path renamed(String corpusLog, String from, String to) throws IOException {
        Path out = dir.resolve(corpusLog);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.dir().resolve(corpusLog)));
                OutputStream gz = new GZIPOutputStream(Files.newOutputStream(out))) {
            gz.write(new String(in.readAllBytes(), StandardCharsets.UTF_8).replace(from, to).getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }
}
