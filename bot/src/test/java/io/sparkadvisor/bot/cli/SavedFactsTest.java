package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.FactsJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code analyze --facts}: facts saved by {@code facts} analyse to the same bytes as the log they
 * came from, in text and JSON, with or without a cluster shape; anything else is one line and exit 2.
 */
class SavedFactsTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    static List<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void savedFactsAnalyseLikeTheLog(String scenario) throws IOException {
        String log = Corpus.log(scenario).toString();
        Path saved = saveFacts(log);
        assertSameAnalysis(new String[] {log}, new String[] {"--facts", saved.toString()});
    }

    @Test
    void theClusterFilesApplyOnTopOfSavedFacts() throws IOException {
        String log = Corpus.log("io-bound").toString();
        String[] cluster = {"--cluster", Corpus.dir().resolve("clusters/aws-i3-dedicated.json").toString(),
                "--node-types", Corpus.dir().resolve("clusters/node-types.json").toString()};
        Path saved = saveFacts(log);
        assertSameAnalysis(concat(new String[] {log}, cluster), concat(new String[] {"--facts", saved.toString()}, cluster));
    }

    @Test
    void factsFromAWorkspaceRunKeepItsClusterShape() throws IOException {
        String[] workspaceRun = {"--workspace-dir", Corpus.dir().resolve("workspace").toString(), "4201"};
        Path saved = saveFacts(workspaceRun);
        assertSameAnalysis(workspaceRun, new String[] {"--facts", saved.toString()});
        assertTrue(run("analyze", "--facts", saved.toString()).out().contains("SPARK_WORKER_CORES"));
    }

    @Test
    void aFileThatIsNotJson() {
        assertBadInput(Corpus.log("skew") + " is not spark-advisor facts JSON (it is not JSON)",
                "analyze", "--facts", Corpus.log("skew").toString());
    }

    @Test
    void jsonThatIsNotFacts() {
        Path manifest = Corpus.dir().resolve("manifest.json");
        assertBadInput(manifest + " is not spark-advisor facts JSON (it has no factsVersion)", "analyze", "--facts", manifest.toString());
    }

    @Test
    void anUnknownVersion() throws IOException {
        Path saved = saveFacts(Corpus.log("healthy").toString());
        Files.writeString(saved, Files.readString(saved).replaceFirst("\"factsVersion\" : " + FactsJson.VERSION,
                "\"factsVersion\" : 99"));
        assertBadInput(saved + " has factsVersion 99 and this spark-advisor reads version " + FactsJson.VERSION, "analyze", "--facts", saved.toString());
    }

    @Test
    void factsExcludeALogAndAWorkspace() throws IOException {
        String saved = saveFacts(Corpus.log("healthy").toString()).toString();
        assertBadInput("mutually exclusive", "analyze", Corpus.log("healthy").toString(), "--facts", saved);
        assertBadInput("--facts and --workspace-dir exclude each other", "analyze", "--facts", saved,
                "--workspace-dir", Corpus.dir().resolve("workspace").toString());
        assertBadInput("Missing required argument", "analyze");
    }

    private void assertSameAnalysis(String[] fromLog, String[] fromFacts) {
        for (String[] format : new String[][] {{"--format", "text"}, {"--format", "json"}}) {
            Result expected = run(concat(concat(new String[] {"analyze"}, fromLog), format));
            Result actual = run(concat(concat(new String[] {"analyze"}, fromFacts), format));
            assertEquals(0, expected.code(), expected.err());
            assertEquals(0, actual.code(), actual.err());
            assertEquals(expected.out(), actual.out(), String.join(" ", format));
        }
    }

    private static void assertBadInput(String expected, String... args) {
        Result r = run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("spark-advisor: "), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertEquals("", r.out());
    }

    private Path saveFacts(String... source) throws IOException {
        Result facts = run(concat(new String[] {"facts"}, source));
        assertEquals(0, facts.code(), facts.err());
        return Files.writeString(Files.createTempFile(dir, "facts", ".json"), facts.out());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
