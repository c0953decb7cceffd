package io.sparkadvisor.knowledge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Facts written as JSON read back into equal records, for every corpus log and every corpus cluster
 * shape (the records hold lists and maps, no arrays, so record equality is deep); files that are not
 * such facts are refused with a message that names the problem and the fix.
 */
class FactsJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static List<String> scenarios() {
        return Corpus.scenarios();
    }

    static Stream<Path> clusterFiles() throws IOException {
        return Files.list(Corpus.dir().resolve("clusters"))
                .filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().equals("node-types.json"))
                .sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyCorpusLogReadsBackIntoEqualFacts(String scenario) throws IOException {
        assertRoundTrips(Corpus.facts(scenario));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clusterFiles")
    void aClusterShapeReadsBackToo(Path cluster) throws IOException {
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        assertRoundTrips(Corpus.facts("io-bound").withCluster(ClusterJson.parse(Files.readString(cluster), Optional.of(nodeTypes))));
    }

    private void assertRoundTrips(RunFacts facts) throws IOException {
        String json = FactsJson.write(facts);
        RunFacts back = FactsJson.read(save(json));
        assertEquals(facts, back);
        assertEquals(json, FactsJson.write(back), "written again, byte for byte");
    }

    @Test
    void theVersionComesFirst() {
        assertTrue(FactsJson.write(Corpus.facts("healthy")).startsWith("{\n  \"factsVersion\" : " + FactsJson.VERSION + ",\n"));
    }

    @Test
    void aFileThatIsNotJson() {
        Path log = Corpus.log("skew");
        assertRefused(log, log + " is not spark-advisor facts JSON (it is not JSON); write facts with"
                + " `spark-advisor facts <event-log> > facts.json`, or pass an event log as the argument instead of --facts");
    }

    @Test
    void jsonThatIsNotFacts() {
        Path manifest = Corpus.dir().resolve("manifest.json");
        assertRefused(manifest, manifest + " is not spark-advisor facts JSON (it has no factsVersion); write facts with"
                + " `spark-advisor facts <event-log> > facts.json`, or pass an event log as the argument instead of --facts");
    }

    @Test
    void twoFactsInOneFile() throws IOException {
        String facts = FactsJson.write(Corpus.facts("healthy"));
        Path twice = save(facts + "\n" + facts);
        assertRefused(twice, twice + " is not spark-advisor facts JSON (it holds more than one JSON value); write facts with"
                + " `spark-advisor facts <event-log> > facts.json`, or pass an event log as the argument instead of --facts");
    }

    @Test
    void aPlainEventLog() throws IOException {
        Path log = save("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.8\"}\n{\"Event\":\"SparkListenerApplicationStart\"}\n");
        assertRefused(log, log + " is a Spark event log, not saved facts; pass it as the argument, without --facts");
    }

    @Test
    void anUnknownVersion() throws IOException {
        Path file = save(FactsJson.write(Corpus.facts("healthy")).replaceFirst("\"factsVersion\" : " + FactsJson.VERSION,
                "\"factsVersion\" : 99"));
        assertRefused(file, file + " has factsVersion 99 and this spark-advisor reads version " + FactsJson.VERSION + ";"
                + " write it again with this version's `spark-advisor facts <event-log>`");
    }

    @Test
    void aMissingOrUnknownFieldIsNamedWithItsPath() throws IOException {
        ObjectNode facts = (ObjectNode) JSON.readTree(FactsJson.write(Corpus.facts("skew")));
        ((ObjectNode) facts.path("stages").get(2)).remove("numTasks");
        Path missing = save(facts.toString());
        String message = assertThrows(FactsFileException.class, () -> FactsJson.read(missing)).getMessage();
        assertTrue(message.contains("'numTasks'") && message.contains(" at stages[2]"), message);

        facts = (ObjectNode) JSON.readTree(FactsJson.write(Corpus.facts("skew")));
        facts.with("coverage").put("droppedLines", 3);
        Path unknown = save(facts.toString());
        message = assertThrows(FactsFileException.class, () -> FactsJson.read(unknown)).getMessage();
        assertTrue(message.contains("\"droppedLines\"") && message.contains(" at coverage.droppedLines"), message);
        assertTrue(message.endsWith("; write it again with `spark-advisor facts <event-log>`"), message);
    }

    @Test
    void theJobsRunModeReadsBackAndAFileWrittenBeforeItReadsWithout() throws IOException {
        RunFacts continuous = Corpus.facts("healthy").withJobRunMode(Optional.of(JobRunMode.CONTINUOUS));
        assertRoundTrips(continuous);
        ObjectNode before = (ObjectNode) JSON.readTree(FactsJson.write(continuous));
        before.remove("jobRunMode");
        assertEquals(Optional.empty(), FactsJson.read(save(before.toString())).jobRunMode(),
                "an optional field added within version " + FactsJson.VERSION);
    }

    @Test
    void aMissingFile() {
        Path none = dir.resolve("none.json");
        assertRefused(none, none + " does not exist or is not a file; write facts with `spark-advisor facts <event-log> > facts.json`");
    }

    private static void assertRefused(Path file, String message) {
        FactsFileException e = assertThrows(FactsFileException.class, () -> FactsJson.read(file));
        assertEquals(message, e.getMessage());
    }

    private Path save(String json) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "facts", ".json"), json);
    }
}
