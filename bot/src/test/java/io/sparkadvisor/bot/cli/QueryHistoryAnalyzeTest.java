package io.sparkadvisor.bot.cli;

import static io.sparkadvisor.bot.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.cli.CliTest.Result;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyze --query-history}: a serverless run from its statements, with dollars; bad input is one line and exit 2. */
class QueryHistoryAnalyzeTest {
    @TempDir
    Path dir;

    @Test
    void aServerlessJobRunGetsFindingsFromItsStatementsWithDollars() throws Exception {
        Result r = run("analyze", "--query-history", ServerlessFixtures.path("nightly-orders").toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(true, json.path("application").path("platform").path("serverless").asBoolean());
        assertEquals("run-880112", json.path("application").path("id").asText());
        List<String> rules = new ArrayList<>();
        json.path("findings").forEach(f -> rules.add(f.path("rule").asText()));
        assertEquals(List.of("serverless-performance-mode", "serverless-repeated-scans", "serverless-row-explosion",
                "serverless-file-pruning", "serverless-spill"), rules);
        JsonNode mode = json.path("findings").path(0);
        assertTrue(mode.path("savings").path("dollars").asDouble() > 13, mode.toString());
        JsonNode change = mode.path("recommendation").path("steps").path(0).path("changes").path(0);
        assertEquals("job", change.path("scope").asText());
        assertEquals("performance_target", change.path("key").asText());
        assertEquals("STANDARD", change.path("value").asText());
        assertTrue(change.path("applyable").asBoolean());
        json.path("findings").forEach(f -> assertTrue(f.path("savings").path("dollars").asDouble() > 0, f.toString()));
    }

    @Test
    void theQueryHistoryApisAnswerAloneGivesSavingsInTime() {
        Result r = run("analyze", "--query-history", ServerlessFixtures.path("warehouse-query-history").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("serverless statements (serverless-statements) ran 23.0 min; no event log, its statements"
                + " from query history."), r.out());
        assertTrue(r.out().contains("rule serverless-queueing"), r.out());
        assertTrue(r.out().contains("rule serverless-photon"), r.out());
    }

    @Test
    void aHealthyRunHasNoFindingAboveLow() throws Exception {
        Result r = run("analyze", "--query-history", ServerlessFixtures.path("hourly-ledger-healthy").toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        new ObjectMapper().readTree(r.out()).path("findings").forEach(f -> assertTrue(List.of("info", "low")
                .contains(f.path("severity").asText()), f.toString()));
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path notJson = Files.writeString(dir.resolve("history.json"), "{\"res\": [");
        Result r = run("analyze", "--query-history", notJson.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("spark-advisor: history.json is not JSON (line 1, column 10: Unexpected end-of-input"), r.err());
        assertTrue(!r.err().contains("REDACTED") && !r.err().contains("Exception"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        Result cluster = run("analyze", "--query-history", ServerlessFixtures.path("nightly-orders").toString(), "--cluster",
                Corpus.dir().resolve("clusters/aws-i3-dedicated.json").toString());
        assertEquals(2, cluster.code());
        assertTrue(cluster.err().contains("--query-history takes no --workspace-dir, --cluster or --node-types"), cluster.err());

        Result both = run("analyze", "--query-history", notJson.toString(), "some.log");
        assertEquals(2, both.code(), "an event log and query history exclude each other");
    }
}
