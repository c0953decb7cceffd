package io.sparkadvisor.rules.dataaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every remedy for a run that reads a Delta table goes through Delta: every rule over every log whose scans read Delta
 * (the corpus' delta-* scenarios and the real logs written by others), with every cluster file and none, at the default
 * thresholds and with broad-listing's floors at zero (no log finds Delta files slowly enough to trip it by itself, so
 * there it speaks on the real Delta scans with the layout finding held back). No recommendation may read or register
 * the folders as Parquet, repair partitions, convert the table or move folders; on serverless, clustering is liquid.
 */
class DeltaRemediesTest {
    private static final Pattern THROUGH_FILES = Pattern.compile("(?i)USING\\s+parquet|MSCK\\s+REPAIR|CONVERT\\s+TO\\s+DELTA"
            + "|\\.parquet\\(|format\\(\\s*\"parquet\"\\s*\\)|basePath|dbutils\\.fs\\.(mv|cp)\\b|\\bmv\\s+\\S+\\s+\\S+|swap the folders?");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> LISTING_FORCED = Map.of("broad-listing.minDiscoveryMs", "0",
            "broad-listing.minDiscoveryShare", "0", "delta-file-layout.minFiles", "100000000");

    static List<String> deltaLogs() {
        List<String> out = new ArrayList<>();
        Corpus.scenarios().stream().filter(s -> readsDelta(Corpus.facts(s))).forEach(s -> out.add("corpus:" + s));
        ExternalLogs.all().stream().filter(l -> readsDelta(RunFactsReader.read(ExternalLogs.path(l)))).forEach(l -> out.add("external:" + l));
        return out;
    }

    static boolean readsDelta(RunFacts facts) {
        return ScanRead.all(new RunView(facts)).stream().anyMatch(r -> r.scan().deltaTable());
    }

    @ParameterizedTest
    @MethodSource("deltaLogs")
    void everyRemedyOfADeltaRunGoesThroughDelta(String log) throws IOException {
        assertTrue(log.startsWith("external:") || log.contains("delta"), "the Delta corpus: " + log);
        List<String> problems = new ArrayList<>();
        for (String cluster : clusterFiles()) {
            RunFacts facts = facts(log, cluster);
            for (Map<String, String> overrides : List.of(Map.<String, String>of(), LISTING_FORCED)) {
                Advice advice = RuleTesting.advise(facts, overrides);
                for (Finding f : advice.findings()) {
                    String words = words(f);
                    Matcher m = THROUGH_FILES.matcher(words);
                    if (m.find()) {
                        problems.add(log + " with " + cluster + " " + overrides.keySet() + ": " + f.rule() + " says " + m.group());
                    }
                    if (cluster.equals("serverless.json") && words.contains("ZORDER BY")) {
                        problems.add(log + " on serverless: " + f.rule() + " proposes ZORDER, not liquid clustering");
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** delta-path-read reads a Delta table by path: forced to speak on its real scan, broad-listing compacts through Delta. */
    @Test
    void broadListingOnADeltaTableReadByPathCompactsThroughDelta() {
        Finding f = RuleTesting.finding(RuleTesting.advise(Corpus.facts("delta-path-read"), LISTING_FORCED), "broad-listing")
                .orElseThrow();
        assertTrue(((String) f.evidence().get("tableFormat")).startsWith("delta"), "the table's data or its log: " + f.evidence());
        assertEquals(1, f.recommendation().steps().size(), "no exact-path or Parquet-table step: " + words(f));
        String snippet = f.recommendation().steps().get(0).changes().get(0).value();
        assertTrue(snippet.startsWith("OPTIMIZE delta.`") && !snippet.contains("_delta_log"), "the table, not its log: " + snippet);
        assertFalse(THROUGH_FILES.matcher(words(f)).find(), words(f));
    }

    /** Where the layout finding counts the same scan's files, its remedy is the one; broad-listing is cited, not repeated. */
    @Test
    @SuppressWarnings("unchecked")
    void broadListingGivesWayToTheDeltaLayoutFindingOnTheSameScan() {
        Advice advice = RuleTesting.advise(Corpus.facts("delta-small-files"),
                Map.of("broad-listing.minDiscoveryMs", "0", "broad-listing.minDiscoveryShare", "0"));
        assertTrue(RuleTesting.finding(advice, "broad-listing").isEmpty(), "broad-listing stands beside delta-file-layout");
        Finding layout = RuleTesting.finding(advice, "delta-file-layout").orElseThrow();
        List<Map<String, Object>> cited = (List<Map<String, Object>>) layout.evidence().get("supersedes");
        assertTrue(cited != null && cited.stream().anyMatch(c -> c.get("rule").equals("broad-listing")), layout.evidence().toString());
    }

    private static RunFacts facts(String log, String cluster) {
        if (log.startsWith("corpus:")) {
            String scenario = log.substring("corpus:".length());
            return cluster.equals("none") ? Corpus.facts(scenario) : RuleTesting.withCluster(scenario, cluster);
        }
        RunFacts read = RunFactsReader.read(ExternalLogs.path(log.substring("external:".length())));
        if (cluster.equals("none")) {
            return read;
        }
        RunFacts corpusCluster = RuleTesting.withCluster("healthy", cluster);
        return read.withCluster(corpusCluster.cluster().orElseThrow());
    }

    private static List<String> clusterFiles() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.list(Corpus.dir().resolve("clusters"))) {
            List<String> out = new ArrayList<>(files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.equals("node-types.json")).sorted().toList());
            out.add("none");
            return out;
        }
    }

    /** The recommendation as a person reads it: summary, preconditions, steps with their changes and checks, experiment. */
    private static String words(Finding f) {
        try {
            return f.title() + " " + JSON.writeValueAsString(f.recommendation());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
