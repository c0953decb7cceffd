package io.sparkadvisor.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The real-Spark event logs under the repository's {@code corpus/} and their manifest, for tests.
 * The folder is found upward from the working directory; {@code -Dcorpus.dir} or
 * {@code SPARK_ADVISOR_CORPUS} point elsewhere. Facts are parsed once per JVM.
 */
public final class Corpus {
    private static final Map<String, RunFacts> FACTS = new ConcurrentHashMap<>();
    private static JsonNode manifest;
    private static JsonNode streamingManifest;

    private Corpus() {}

    public static Path dir() {
        String configured = System.getProperty("corpus.dir", System.getenv("SPARK_ADVISOR_CORPUS"));
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("corpus/manifest.json"))) {
                return p.resolve("corpus");
            }
        }
        throw new IllegalStateException("no corpus/manifest.json above " + Path.of("").toAbsolutePath());
    }

    public static Path log(String scenario) {
        return dir().resolve(scenario(scenario).path("file").asText());
    }

    public static RunFacts facts(String scenario) {
        return FACTS.computeIfAbsent(scenario, s -> RunFactsReader.read(log(s)));
    }

    public static synchronized JsonNode manifest() {
        if (manifest == null) {
            manifest = readManifest(dir());
        }
        return manifest;
    }

    public static JsonNode scenario(String name) {
        return entry(manifest(), name);
    }

    /** The Structured Streaming logs: {@code corpus/streaming/}, with a manifest of their own. */
    public static Path streamingDir() {
        return dir().resolve("streaming");
    }

    public static synchronized JsonNode streamingManifest() {
        if (streamingManifest == null) {
            streamingManifest = readManifest(streamingDir());
        }
        return streamingManifest;
    }

    /** Names of the streaming scenarios, the live layout (a folder of parts) included. */
    public static List<String> streamingScenarios() {
        List<String> out = new ArrayList<>();
        streamingManifest().path("scenarios").forEach(s -> out.add(s.path("name").asText()));
        return out;
    }

    public static JsonNode streamingScenario(String name) {
        return entry(streamingManifest(), name);
    }

    /** Batch facts (the run's reader) of a streaming scenario's log or layout folder. */
    public static RunFacts streamingFacts(String scenario) {
        return FACTS.computeIfAbsent("streaming/" + scenario, s -> RunFactsReader.read(
                streamingDir().resolve(streamingScenario(scenario).path("file").asText())));
    }

    private static JsonNode readManifest(Path folder) {
        try {
            return new ObjectMapper().readTree(folder.resolve("manifest.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode entry(JsonNode manifest, String name) {
        for (JsonNode s : manifest.path("scenarios")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no scenario " + name + " in the corpus manifest");
    }

    /**
     * A copy of a scenario's log in {@code folder} (gzipped, as {@code name}) with each key of {@code replacements}
     * replaced by its value, literally, on every line: a hostile log, as a job's owner could write one.
     */
    public static Path rewritten(String scenario, Map<String, String> replacements, Path folder, String name) {
        Path target = folder.resolve(name);
        try (var in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(log(scenario))), StandardCharsets.UTF_8));
                var out = new PrintWriter(new OutputStreamWriter(new GZIPOutputStream(
                        Files.newOutputStream(target)), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                for (Map.Entry<String, String> r : replacements.entrySet()) {
                    line = line.replace(r.getKey(), r.getValue());
                }
                out.print(line);
                out.print('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    /** Names of the scenarios with a single committed log file. */
    public static List<String> scenarios() {
        List<String> out = new ArrayList<>();
        manifest().path("scenarios").forEach(s -> {
            if (s.path("file").isTextual()) {
                out.add(s.path("name").asText());
            }
        });
        return out;
    }

    /** Rule ids the scenario was built to trigger. */
    public static List<String> mustFire(String scenario) {
        List<String> out = new ArrayList<>();
        scenario(scenario).path("mustFire").forEach(r -> out.add(r.asText()));
        return out;
    }
}
