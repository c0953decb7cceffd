package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line as a user meets it: exit codes, one-line errors, the JSON contract. */
class CliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    private static String log(String scenario) {
        return Corpus.log(scenario).toString();
    }

    @Test
    void analyzePrintsTheJsonContract() throws Exception {
        Result r = run("analyze", log("skew"), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertEquals("3.5.8", root.path("application").path("sparkVersion").asText());
        assertTrue(root.path("application").path("durationMs").asLong() > 0);
        assertEquals(Corpus.facts("skew").coverage().tasks(), root.path("coverage").path("tasks").asLong());
        assertFalse(root.path("coverage").path("truncated").asBoolean());
        assertEquals(List.of("events", "tasks", "unknownEvents", "truncated", "skippedLines", "complete", "missing"),
                fieldNames(root.path("coverage")));
        assertEquals(0, root.path("coverage").path("skippedLines").asLong());
        assertTrue(root.path("coverage").path("complete").asBoolean());
        assertTrue(root.path("coverage").path("missing").isArray() && root.path("coverage").path("missing").isEmpty());
        JsonNode skew = root.path("findings").get(0);
        assertEquals("skew", skew.path("rule").asText());
        assertEquals("execution", skew.path("layer").asText());
        assertTrue(skew.path("stageIds").isArray());
        assertEquals("market_id", skew.path("evidence").path("partitionKeys").get(0).asText());
        for (JsonNode step : skew.path("recommendation").path("steps")) {
            for (JsonNode change : step.path("changes")) {
                assertTrue(change.path("value").isTextual(), "change values are strings: " + change);
            }
        }
        assertTrue(skew.path("savings").has("coreHours"));
    }

    @Test
    void analyzeTextNamesTheFindingAndItsSteps() {
        Result r = run("analyze", log("skew"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("[HIGH] One task in stage"), r.out());
        assertTrue(r.out().contains("spark.sql.adaptive.skewJoin.enabled = true"), r.out());
    }

    @Test
    void aHealthyRunHasNothingAboveLow() throws Exception {
        Result r = run("analyze", log("healthy"), "--format", "json");
        assertEquals(0, r.code(), r.err());
        for (JsonNode f : JSON.readTree(r.out()).path("findings")) {
            assertTrue(f.path("severity").asText().matches("info|low"), f.toString());
        }
    }

    @Test
    void factsPrintsStagesAndPlans() throws Exception {
        Result r = run("facts", log("skew"));
        assertEquals(0, r.code(), r.err());
        JsonNode facts = JSON.readTree(r.out());
        assertEquals(Corpus.facts("skew").stages().size(), facts.path("stages").size());
        assertTrue(facts.path("sqlExecutions").get(0).path("exchanges").size() > 0);
    }

    @Test
    void badInputIsOneLineAndExitCode2() {
        Result missing = run("analyze", "no-such.log");
        assertEquals(2, missing.code());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().contains("does not exist"));

        Result notALog = run("analyze", Corpus.dir().resolve("manifest.json").toString());
        assertEquals(2, notALog.code());
        assertTrue(notALog.err().contains("not a Spark event log"));

        Result badOption = run("analyze", log("skew"), "--format", "yaml");
        assertEquals(2, badOption.code());
        assertEquals(1, badOption.err().strip().lines().count(), badOption.err());

        Result badThreshold = run("analyze", log("skew"), "--set", "skew.minRatio=abc");
        assertEquals(2, badThreshold.code());
        assertTrue(badThreshold.err().contains("skew.minRatio=abc is not a number"), badThreshold.err());

        Result unknownThreshold = run("analyze", log("skew"), "--set", "skew.nope=1");
        assertEquals(2, unknownThreshold.code());
        assertTrue(unknownThreshold.err().contains("unknown threshold skew.nope"));
    }

    @Test
    void thresholdsFromAConfigFileAndTheCommandLine(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("advisor.yaml");
        Files.writeString(config, "thresholds:\n  skew.minMaxTaskMs: 600000\n");
        Result silenced = run("analyze", log("skew"), "--format", "json", "--config", config.toString());
        assertEquals(0, silenced.code(), silenced.err());
        assertFalse(silenced.out().contains("\"rule\" : \"skew\""));
        Result overridden = run("analyze", log("skew"), "--format", "json", "--config", config.toString(), "--set", "skew.minMaxTaskMs=1000");
        assertTrue(overridden.out().contains("\"rule\" : \"skew\""));
        Files.writeString(config, "thresholds: [1, 2\n");
        assertEquals(2, run("analyze", log("skew"), "--config", config.toString()).code());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void aCorruptLineIsSkippedAndTheReportSaysSoAndThatTheLogHasNoEnd(@TempDir Path dir) throws Exception {
        String[] lines;
        try (var in = new GZIPInputStream(Files.newInputStream(Corpus.log("skew")))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
        }
        int damaged = lines.length / 2;
        lines[damaged] = lines[damaged].replaceFirst("\":", "\"_:");
        int end = lines.length - 1;
        while (!lines[end].contains("SparkListenerApplicationEnd")) {
            end--;
        }
        Path file = dir.resolve("damaged-running.log");
        Files.writeString(file, String.join("\n", java.util.Arrays.copyOf(lines, end)) + "\n");

        Result json = run("analyze", file.toString(), "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode coverage = JSON.readTree(json.out()).path("coverage");
        assertEquals(1, coverage.path("skippedLines").asLong());
        assertFalse(coverage.path("complete").asBoolean());
        assertFalse(coverage.path("truncated").asBoolean());
        assertEquals("application end", coverage.path("missing").get(0).asText());

        Result text = run("analyze", file.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("The log is incomplete (no application end in it): findings may be partial"), text.out());
        assertTrue(text.out().contains("1 corrupt line skipped (the first is line " + (damaged + 1) + " of damaged-running.log: "),
                text.out());
        assertFalse(run("analyze", log("skew")).out().contains("incomplete"), "a whole log says nothing of it");
    }

    @Test
    void databricksAutoShufflePartitionsAndUnitSizesAnalyseWithExitCode0(@TempDir Path dir) throws Exception {
        String log;
        try (var in = new GZIPInputStream(Files.newInputStream(Corpus.log("task-failures")))) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = dir.resolve("auto.log");
        String edited = log.replace("\"spark.sql.shuffle.partitions\":\"8\"", "\"spark.sql.shuffle.partitions\":\"auto\"")
                .replace("\"Spark Properties\":{", "\"Spark Properties\":{\"spark.executor.memory\":\"1.5t\","
                        + "\"spark.sql.files.maxPartitionBytes\":\"200b\",\"spark.task.maxFailures\":\"auto\",");
        assertTrue(edited.contains("\"spark.sql.shuffle.partitions\":\"auto\"") && !edited.contains("\"spark.sql.shuffle.partitions\":\"8\""));
        Files.writeString(file, edited);
        Result r = run("analyze", file.toString(), "--format", "json", "--cluster", Corpus.dir().resolve("clusters/aws-i3-dedicated.json").toString(),
                "--node-types", Corpus.dir().resolve("clusters/node-types.json").toString());
        assertEquals(0, r.code(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertTrue(root.path("ruleFailures").isMissingNode(), r.out());
        assertEquals("task-failures", root.path("findings").get(0).path("rule").asText());
    }

    @Test
    void aBinaryFileIsStillBadInput(@TempDir Path dir) throws Exception {
        Path binary = dir.resolve("data.parquet");
        byte[] bytes = new byte[100_000];
        new java.util.Random(3).nextBytes(bytes);
        Files.write(binary, bytes);
        Result r = run("analyze", binary.toString());
        assertEquals(2, r.code(), r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aTruncatedLogStillAnalysesWithExitCode0(@TempDir Path dir) throws Exception {
        byte[] gz = Files.readAllBytes(Corpus.log("skew"));
        Path cut = dir.resolve("running.gz");
        Files.write(cut, java.util.Arrays.copyOf(gz, gz.length / 2));
        Result r = run("analyze", cut.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(JSON.readTree(r.out()).path("coverage").path("truncated").asBoolean());
    }

    @Test
    void analyzeARunFromAFileBackedWorkspaceWithItsClusterShape() throws Exception {
        String workspace = Corpus.dir().resolve("workspace").toString();
        for (String reference : new String[] {"4201", "orders-ingest", "https://example.cloud.databricks.com/?o=1234567890#job/42/run/4201"}) {
            Result r = run("analyze", "--workspace-dir", workspace, reference, "--format", "json");
            assertEquals(0, r.code(), r.err());
            JsonNode finding = JSON.readTree(r.out()).path("findings").get(0);
            assertEquals("io-bound-slots", finding.path("rule").asText());
            // The cluster is dedicated, multi-node, 4-core i3.xlarge: the staged change applies as is.
            JsonNode change = finding.path("recommendation").path("steps").get(0).path("changes").get(0);
            assertEquals("SPARK_WORKER_CORES", change.path("key").asText());
            assertEquals("6", change.path("value").asText());
        }
        Result unknown = run("analyze", "--workspace-dir", workspace, "98765");
        assertEquals(2, unknown.code());
        assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
    }

    @Test
    void digestDryRunPrintsTheWeekFromTheRecordedBillingTables() {
        String workspace = Corpus.dir().resolve("workspace").toString();
        Result r = run("digest", "--dry-run", "--workspace-dir", workspace, "--week", "2026-11-23");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Jobs cost, Mon 23 Nov 2026 to Sun 29 Nov 2026\n"
                + "spend $2,205.78, up 31.3% from $1,679.55 the week before\n"), r.out());
        assertTrue(r.out().contains("  - orders-ingest (job 42): $1,001.28 in 7 runs, +24.8% vs $802.50\n"), r.out());
        assertFalse(r.out().contains("estimate"), r.out());

        Result notDry = run("digest", "--workspace-dir", workspace);
        assertEquals(2, notDry.code());
        assertTrue(notDry.err().contains("--dry-run"), notDry.err());
        Result badWeek = run("digest", "--dry-run", "--workspace-dir", workspace, "--week", "last monday");
        assertEquals(2, badWeek.code());
        assertEquals("spark-advisor: --week last monday is not a date: give the week's first day as YYYY-MM-DD", badWeek.err().strip());
    }

    @Test
    void digestWithoutRecordedBillingIsAnEstimateFromTheRuns(@TempDir Path empty) {
        Result r = run("digest", "--dry-run", "--workspace-dir", empty.toString(), "--week", "2026-11-23");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Jobs cost, Mon 23 Nov 2026 to Sun 29 Nov 2026 (estimate)\nestimated spend $0.00"), r.out());
    }

    @Test
    void scanAnalysesTheWeeksCostliestJobsAndPrintsTheirTopFixes() {
        String workspace = Corpus.dir().resolve("workspace").toString();
        Result r = run("scan", "--workspace-dir", workspace, "--week", "2026-11-23");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nTop fixes this week:\n  - orders-ingest (job 42): "), r.out());
        assertTrue(r.out().contains("\nJobs the scan could not read:\n  - customer-360 (job 57): no completed run to analyse"), r.out());
        assertTrue(r.err().contains("Scanning: "), r.err());
    }

    @Test
    void aScanSettingOutOfRangeIsBadInputNamingTheKey(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("config.yaml"), "scan:\n  jobs: 0\n");
        Result r = run("scan", "--workspace-dir", Corpus.dir().resolve("workspace").toString(), "--config", config.toString());
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("scan.jobs is 0: give a whole number of 1 or more"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"analyze", "facts", "thresholds", "digest", "scan"})
    void everyCommandHasHelp(String command) {
        Result r = run(command, "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("Usage: spark-advisor " + command), r.out());
    }
}
