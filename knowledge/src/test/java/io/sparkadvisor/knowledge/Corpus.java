package io.sparkadvisor.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
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
            try {
                manifest = new ObjectMapper().readTree(dir().resolve("manifest.json").toFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return manifest;
    }

    public static JsonNode scenario(String name) {
        for (JsonNode s : manifest().path("scenarios")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no scenario " + name + " in the corpus manifest");
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
