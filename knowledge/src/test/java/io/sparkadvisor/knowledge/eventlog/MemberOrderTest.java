package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.RunFactsReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Task ends are read expecting Spark's order of members ({@link TaskEndFields}); in any other order,
 * with a member missing or one unknown to it, they read to the same facts.
 */
class MemberOrderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"healthy", "task-failures", "spill"})
    void taskEndsInAnyOrderReadToTheSameFacts(String scenario) throws IOException {
        List<String> lines = lines(scenario);
        Random random = new Random(scenario.hashCode());
        StringBuilder reordered = new StringBuilder();
        int changed = 0;
        for (String line : lines) {
            if (line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
                ObjectNode event = (ObjectNode) JSON.readTree(line);
                ObjectNode shuffled = JSON.createObjectNode().set("Event", event.remove("Event"));
                shuffled.setAll(shuffle(event, random));
                if (shuffled.get("Task Metrics") instanceof ObjectNode metrics) {
                    metrics.put("A Metric Spark Has Not Written Yet", 7);
                }
                ((ObjectNode) shuffled.get("Task Info")).remove("Host");
                line = JSON.writeValueAsString(shuffled);
                changed++;
            }
            reordered.append(line).append('\n');
        }
        assertNotEquals(0, changed);
        assertEquals(facts(String.join("\n", lines) + "\n"), facts(reordered.toString()));
    }

    /** The object with its members, and theirs, in a random order. */
    private static ObjectNode shuffle(ObjectNode node, Random random) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        Collections.shuffle(names, random);
        ObjectNode out = JSON.createObjectNode();
        for (String name : names) {
            JsonNode value = node.get(name);
            out.set(name, value instanceof ObjectNode object ? shuffle(object, random) : value);
        }
        return out;
    }

    private static String facts(String log) {
        byte[] bytes = log.getBytes(StandardCharsets.UTF_8);
        LogPart part = new LogPart() {
            @Override
            public String name() {
                return "app.log";
            }

            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(bytes);
            }
        };
        return FactsJson.write(RunFactsReader.read(List.of(part), b -> { }));
    }

    private static List<String> lines(String scenario) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.log(scenario)))) {
            return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
    }
}
