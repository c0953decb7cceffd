package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code analyze} over every real event log in {@code ../shared/real-logs} (logs written by others, read in place:
 * Spark 2.x to 4.1, YARN, Kubernetes, Databricks and Photon, damaged and truncated ones): each analyses with exit 0
 * and every rule checked, none failing; its run and stages last no longer than one clock allows; and no finding is
 * medium or high without a saving worth the thresholds (a share of the run and an absolute amount), unless it says what
 * reliability risk ranks it. The one driver log is refused with one line. CI has {@code ../shared}; a checkout without it
 * skips this test.
 */
class RealLogsAnalyzeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ROOT = Path.of("..", "..", "shared", "real-logs");
    /** Folders that are one log each: Spark's rolling layout and Databricks' cluster-log layout. */
    private static final String ROLLING = "eventlog_v2_";
    private static final String DATABRICKS_FOLDER = "db_sim_eventlog";
    /** A Spark driver's log4j output that rapids-tools keeps beside its event logs: not an event log. */
    private static final String NOT_AN_EVENT_LOG = "driverlog";
    /**
     * The longest a run can last on one clock: knowledge's RunClock sets aside times further than this from the run's
     * work (rapids-tools' cluster_information logs stamp executors 930 days after their jobs: 22,326 h before).
     */
    private static final long MAX_RUN_MS = Duration.ofDays(30).toMillis();
    private static final Thresholds DEFAULTS = Thresholds.defaults();
    private static final int HOURS_PER_WEEK = 168;

    static List<Path> inputs() {
        if (!Files.isDirectory(ROOT)) {
            return List.of(ROOT);
        }
        try (Stream<Path> all = Files.walk(ROOT)) {
            return all.filter(p -> isFolderLog(p) || Files.isRegularFile(p) && !insideFolderLog(p) && isLogFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isFolderLog(Path p) {
        String name = p.getFileName().toString();
        return Files.isDirectory(p) && (name.startsWith(ROLLING) || name.equals(DATABRICKS_FOLDER));
    }

    private static boolean insideFolderLog(Path p) {
        for (Path parent = p.getParent(); parent != null; parent = parent.getParent()) {
            if (isFolderLog(parent)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLogFile(Path p) {
        String name = p.getFileName().toString();
        return !name.endsWith(".md") && !name.startsWith("appstatus_");
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void everyRealLogAnalysesWithEveryRuleChecked(Path log) throws Exception {
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "analyze", log.toString(), "--format", "json");
        if (log.getFileName().toString().equals(NOT_AN_EVENT_LOG)) {
            assertEquals(2, code, log + ": " + err);
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            return;
        }
        assertEquals(0, code, log + ": " + err);
        JsonNode root = JSON.readTree(out.toString());
        assertTrue(root.path("findings").isArray(), log + ": no findings array");
        assertFalse(root.has("ruleFailures"), log + ": " + root.path("ruleFailures"));
        long runMs = root.path("application").path("durationMs").asLong();
        assertSaneDurations(log, runMs);
        for (JsonNode f : root.path("findings")) {
            assertWorthItsSeverity(log, runMs, f);
        }
    }

    /** The run within one clock's reach, and each stage within the run. */
    private static void assertSaneDurations(Path log, long runMs) {
        assertTrue(runMs >= 0 && runMs <= MAX_RUN_MS, log + ": a run of " + runMs + " ms");
        for (StageFacts s : RunFactsReader.read(log).stages()) {
            assertTrue(s.wallMs() <= runMs, log + ": stage " + s.stageId() + " ran " + s.wallMs() + " ms in a run of " + runMs + " ms");
        }
    }

    /**
     * A medium or high finding saves at least general.minSavedShare of the run's time and general.minSavedMs, or at
     * least general.minSavedCoreHours or general.minSavedDollarsPerRun (on a run with a streaming query: a week of the
     * saving at its hourly rate reaches general.minSavedCoreHoursPerWeek or .minSavedDollarsPerWeek); or it is a
     * reliability finding that says its risk.
     */
    private static void assertWorthItsSeverity(Path log, long runMs, JsonNode f) {
        String severity = f.path("severity").asText();
        if (!severity.equals("medium") && !severity.equals("high") || !f.path("risk").asText().isEmpty()) {
            return;
        }
        JsonNode s = f.path("savings");
        long savedMs = s.path("runtimeMs").asLong();
        boolean time = savedMs >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_MS)
                && savedMs >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_SHARE) * runMs;
        double hours = alwaysOnHours(log);
        boolean cores = hours > 0
                ? s.path("coreHours").asDouble() * HOURS_PER_WEEK / hours >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_CORE_HOURS_PER_WEEK)
                : s.path("coreHours").asDouble() >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_CORE_HOURS);
        boolean dollars = hours > 0
                ? s.path("dollars").asDouble() * HOURS_PER_WEEK / hours >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_DOLLARS_PER_WEEK)
                : s.path("dollars").asDouble() >= DEFAULTS.get(GeneralThresholds.MIN_SAVED_DOLLARS);
        assertTrue(time || cores || dollars, log + ": " + f.path("rule").asText() + " is " + severity + " for " + s
                + " of a " + runMs + " ms run, and names no reliability risk");
    }

    /** Hours the log saw its longest streaming query, first batch start to last batch end; 0 for a batch run. */
    private static double alwaysOnHours(Path log) {
        return RunFactsReader.read(log).streaming().stream()
                .flatMap(q -> q.first().flatMap(f -> q.last().map(l -> l.timestampMs() + l.triggerExecutionMs() - f.timestampMs())).stream())
                .mapToLong(Long::longValue).max().orElse(0) / 3_600_000.0;
    }
}
