package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.eventlog.Codec;
import io.sparkadvisor.knowledge.eventlog.LocalLogParts;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real event log written by others ({@code corpus/external}) reads into facts: an application
 * id, stages, and task counts that agree with the raw log (task-end lines counted here without the
 * reader's parser) and with the stages they were folded into.
 */
class ExternalLogsTest {
    static final String CORRUPT_LINE = "spark-rapids-tools/malformed_json_eventlog.zstd";
    static final String NO_APPLICATION_START = "spark-rapids-tools/incorrect_app_status_eventlog.zstd";
    static final String CUT_AFTER_A_LINE = "spark-rapids-tools/truncated_eventlog";
    static final String DATABRICKS_LAYOUT = "spark_log_parser/databricks_example_1";
    /** Databricks-delivered logs (no SparkListenerLogStart, no application end) and their Spark version per the README. */
    static final Map<String, String> DATABRICKS = Map.of(
            "spark-rapids-tools/nds_q88_photon_db_13_3.zstd", "3.4.1",
            "spark-rapids-tools/xgboost_eventlog.zstd", "3.2.1",
            "spark-rapids-tools/db_subExecution_id.zstd", "3.3.0",
            "spark_log_parser/databricks.json.gz", "3.1.2",
            DATABRICKS_LAYOUT, "3.1.2");

    static List<String> logs() {
        return ExternalLogs.all();
    }

    @Test
    void theReadmeNamesEveryLog() throws IOException {
        String readme = Files.readString(ExternalLogs.dir().resolve("README.md"));
        assertTrue(ExternalLogs.all().size() >= 10, ExternalLogs.all().toString());
        for (String log : ExternalLogs.all()) {
            String cell = Files.isDirectory(ExternalLogs.path(log)) ? "| `" + log + "/` |" : "| `" + log + "` |";
            assertTrue(readme.contains(cell), "corpus/external/README.md has no row for " + log);
        }
    }

    @ParameterizedTest
    @MethodSource("logs")
    void readsIntoFacts(String log) throws IOException {
        checkFacts(log);
    }

    @Test
    void aCorruptLineIsSkipped() throws IOException {
        checkFacts(CORRUPT_LINE);
        Coverage c = RunFactsReader.read(ExternalLogs.path(CORRUPT_LINE)).coverage();
        assertEquals(1, c.skippedLines());
        assertEquals(4, c.firstSkippedLine(), "the damaged environment update");
        assertTrue(c.firstSkippedReason().startsWith("malformed_json_eventlog.zstd: Unexpected character ('_'"),
                c.firstSkippedReason());
        assertFalse(c.truncated());
        assertTrue(c.complete(), c.missing().toString());
    }

    @Test
    void aLogWithoutApplicationStartStillNamesTheApplication() throws IOException {
        checkFacts(NO_APPLICATION_START);
        RunFacts facts = RunFactsReader.read(ExternalLogs.path(NO_APPLICATION_START));
        assertEquals("local-1629446106683", facts.application().id(), "spark.app.id");
        assertEquals("Spark shell", facts.application().name(), "spark.app.name");
        assertFalse(facts.coverage().complete());
        assertEquals(List.of(Coverage.APPLICATION_START), facts.coverage().missing());
        // the first events of the run (the driver added, jobs submitted) are from 2021-08-20, the id's own time
        assertTrue(facts.application().startMs() >= 1629446106683L, facts.application().toString());
        long firstStage = facts.stages().stream().mapToLong(StageFacts::submittedMs).min().orElseThrow();
        assertTrue(facts.application().startMs() <= firstStage, facts.application().toString());
        assertTrue(facts.application().durationMs() > 0 && facts.application().durationMs() < 3_600_000,
                facts.application().toString());
    }

    @Test
    void aLogCutAfterACompleteLineIsIncomplete() throws IOException {
        Coverage c = RunFactsReader.read(ExternalLogs.path(CUT_AFTER_A_LINE)).coverage();
        assertFalse(c.complete());
        assertEquals(List.of(Coverage.APPLICATION_END), c.missing());
        assertEquals(0, c.skippedLines());
    }

    @ParameterizedTest
    @MethodSource("databricks")
    void databricksLogsTellTheirSparkVersionAndThatTheyHaveNoEnd(String log) {
        RunFacts facts = RunFactsReader.read(ExternalLogs.path(log));
        assertEquals(DATABRICKS.get(log), facts.application().sparkVersion(), log);
        assertFalse(facts.coverage().complete(), log);
        assertEquals(List.of(Coverage.APPLICATION_END), facts.coverage().missing(), log);
        assertEquals(0, facts.coverage().unknownEvents() - vendorEvents(log), log + ": only vendor events are unknown");
    }

    static List<String> databricks() {
        return DATABRICKS.keySet().stream().sorted().toList();
    }

    /** Catalog and vendor events other than Databricks' metadata event, counted here from the raw lines. */
    private static long vendorEvents(String log) {
        return rawEventTypes(log).stream().filter(t -> t.startsWith("com.") || t.contains("QueryExecutionMetrics")).count();
    }

    /**
     * Every log's coverage agrees with its README row: "End" no means the application end is missing,
     * and every run's duration comes from its own events (a year at most, never from epoch 0).
     */
    @ParameterizedTest
    @MethodSource("logs")
    void coverageSaysWhatIsMissing(String log) throws IOException {
        RunFacts facts = RunFactsReader.read(ExternalLogs.path(log));
        String row = readmeRow(log);
        boolean hasEnd = row.strip().endsWith("| yes |");
        assertEquals(!hasEnd, facts.coverage().missing().contains(Coverage.APPLICATION_END), log + ": " + facts.coverage());
        assertEquals(log.equals(NO_APPLICATION_START), facts.coverage().missing().contains(Coverage.APPLICATION_START),
                log + ": " + facts.coverage());
        assertEquals(facts.coverage().missing().isEmpty(), facts.coverage().complete(), log);
        assertTrue(facts.application().startMs() > 1_400_000_000_000L, log + ": " + facts.application());
        assertTrue(facts.application().durationMs() < 365L * 24 * 3_600_000, log + ": " + facts.application());
        assertEquals(log.equals(CORRUPT_LINE) ? 1 : 0, facts.coverage().skippedLines(), log);
    }

    @Test
    void eventsSparkWritesUnderTheirClassNameAreNotUnknown() {
        // executor and node blacklisting, written as org.apache.spark.scheduler.SparkListener...
        for (String log : List.of("spark/app-20161115172038-0000", "spark/application_1516285256255_0012")) {
            assertTrue(rawEventTypes(log).stream().anyMatch(t -> t.startsWith("org.apache.spark.scheduler.")), log);
            assertEquals(0, RunFactsReader.read(ExternalLogs.path(log)).coverage().unknownEvents(), log);
        }
        // SparkListenerMiscellaneousProcessAdded (the YARN AM) beside a vendor build-info event
        String dataproc = "spark-rapids-tools/nds_q72_dataproc_2_2.zstd";
        assertEquals(rawEventTypes(dataproc).stream().filter(t -> t.startsWith("com.")).count(),
                RunFactsReader.read(ExternalLogs.path(dataproc)).coverage().unknownEvents());
    }

    @Test
    void aDatabricksLiveFileNamedEventlogGzIsRead(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("eventlog-folder");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(ExternalLogs.path(DATABRICKS_LAYOUT))) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                Files.copy(f, copy.resolve(name.equals("eventlog") ? "eventlog.gz" : name));
            }
        }
        List<LogPart> parts = LocalLogParts.of(copy);
        assertEquals(List.of("eventlog-2022-01-14--17-00.gz", "eventlog-2022-01-14--18-00.gz", "eventlog.gz"),
                parts.stream().map(LogPart::name).toList());
        RunFacts original = RunFactsReader.read(ExternalLogs.path(DATABRICKS_LAYOUT));
        RunFacts read = RunFactsReader.read(copy);
        assertEquals(original.coverage(), read.coverage());
        assertEquals(original.application(), read.application());
    }

    private static void checkFacts(String log) throws IOException {
        Path path = ExternalLogs.path(log);
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.list(path)) {
                long logFiles = files.map(f -> f.getFileName().toString())
                        .filter(n -> !n.startsWith(".") && !n.startsWith("appstatus_")).count();
                assertEquals(logFiles, LocalLogParts.of(path).size(), log + ": every file of the layout is a part");
            }
        }
        RunFacts facts = RunFactsReader.read(path);
        assertFalse(facts.application().id().isBlank(), log + ": no application id");
        assertFalse(facts.stages().isEmpty(), log + ": no stage");
        assertEquals(rawTaskEnds(log), facts.coverage().tasks(), log + ": task ends read vs task-end lines in the log");
        long inStages = facts.stages().stream()
                .mapToLong(s -> s.successfulTasks() + s.failedTasks() + s.killedTasks()).sum();
        assertTrue(inStages <= facts.coverage().tasks(), log + ": stages hold " + inStages + " tasks, the log "
                + facts.coverage().tasks());
        for (StageFacts s : facts.stages()) {
            assertTrue(s.successfulTasks() >= 0 && s.failedTasks() >= 0 && s.killedTasks() >= 0, log + " stage " + s.stageId());
        }
        long failedInStages = facts.stages().stream().mapToLong(StageFacts::failedTasks).sum();
        assertTrue(facts.failures().size() <= failedInStages + facts.stages().stream().mapToLong(StageFacts::killedTasks).sum(),
                log + ": more failure records than failed or killed tasks");
    }

    private static String readmeRow(String log) throws IOException {
        String cell = Files.isDirectory(ExternalLogs.path(log)) ? "| `" + log + "/` |" : "| `" + log + "` |";
        return Files.readAllLines(ExternalLogs.dir().resolve("README.md")).stream().filter(l -> l.startsWith(cell))
                .findFirst().orElseThrow(() -> new AssertionError("no README row for " + log));
    }

    /** The "Event" of every line of every part, read without the reader. */
    private static List<String> rawEventTypes(String log) {
        List<String> types = new ArrayList<>();
        try {
            for (LogPart part : LocalLogParts.of(ExternalLogs.path(log))) {
                try (InputStream in = Codec.sniffAndDecode(new BufferedInputStream(part.open(), 1 << 16), part.name());
                        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        if (line.startsWith("{\"Event\":\"")) {
                            int end = line.indexOf('"', 10);
                            types.add(line.substring(10, end));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return types;
    }

    /** Complete {@code SparkListenerTaskEnd} lines in every part, in the reader's reading order. */
    private static long rawTaskEnds(String log) throws IOException {
        long count = 0;
        for (LogPart part : LocalLogParts.of(ExternalLogs.path(log))) {
            try (InputStream in = Codec.sniffAndDecode(new BufferedInputStream(part.open(), 1 << 16), part.name());
                    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    String t = line.strip();
                    if (t.startsWith("{\"Event\":\"SparkListenerTaskEnd\"") && t.endsWith("}")) {
                        count++;
                    }
                }
            }
        }
        return count;
    }
}
