package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code compare} as a user meets it: the JSON contract of the README, the text report, one-line errors. */
class CompareCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The recorded workspace of the corpus: job 42 ran once (run 4201). */
    private static final String WORKSPACE = Corpus.dir().resolve("workspace").toString();

    private static String log(String scenario) {
        return Corpus.log(scenario).toString();
    }

    @Test
    void printsTheJsonContract() throws Exception {
        CliTest.Result r = CliTest.run("compare", log("io-bound-2-slots"), log("io-bound-again"), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertEquals(List.of("run", "baseline", "deltaMs", "noiseMs", "withinNoise", "summary", "causes", "unexplainedMs",
                "explainedShare", "outsideStages", "stages", "settings", "planChanges"), fieldNames(root));
        assertEquals(Corpus.facts("io-bound-2-slots").application().durationMs() - Corpus.facts("io-bound-again").application().durationMs(),
                root.path("deltaMs").asLong());
        JsonNode first = root.path("causes").get(0);
        assertEquals(List.of("kind", "title", "ms", "share", "stageIds", "because", "arithmetic"), fieldNames(first));
        assertEquals("slots", first.path("kind").asText());
        assertEquals("spark.master", first.path("because").get(0).path("key").asText());
        assertEquals("local[4]", first.path("because").get(0).path("before").asText());
        assertEquals("local[2]", first.path("because").get(0).path("after").asText());
        JsonNode stage = root.path("stages").get(0);
        assertEquals("matched", stage.path("match").asText());
        assertEquals(24, stage.path("run").path("tasks").asInt());
    }

    @Test
    void printsTheTextReport() {
        CliTest.Result r = CliTest.run("compare", log("enrichment-8"), log("enrichment-200"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("1. Fewer tasks than slots"), r.out());
        assertTrue(r.out().contains("because spark.sql.shuffle.partitions 200 -> 8"), r.out());
    }

    @Test
    void aMissingLogIsOneLineNamingIt() {
        CliTest.Result r = CliTest.run("compare", log("io-bound"), "/nonexistent/baseline.log");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("/nonexistent/baseline.log"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aBaselineIsRequired() {
        CliTest.Result r = CliTest.run("compare", log("io-bound"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("compare needs the baseline's event log as its second argument"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aWorkspaceRunIsComparedWithTheRunAskedFor() throws Exception {
        CliTest.Result r = CliTest.run("compare", "--workspace-dir", WORKSPACE, "4201", "run:4201", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertEquals(0, root.path("deltaMs").asLong());
        assertTrue(root.path("withinNoise").asBoolean());
    }

    @Test
    void aWorkspaceRunWithoutHistoryOrBaselineIsOneLineSayingWhatToPass() {
        CliTest.Result r = CliTest.run("compare", "--workspace-dir", WORKSPACE, "4201");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("run 4201 has no earlier run of its job with an event log to compare with: pass a baseline run"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void clusterFilesDoNotApplyToWorkspaceRuns() {
        CliTest.Result r = CliTest.run("compare", "--workspace-dir", WORKSPACE, "4201", "--cluster", "c.json");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("do not apply with --workspace-dir"), r.err());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
