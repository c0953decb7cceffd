package io.sparkadvisor.knowledge;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The one JSON format of facts, both ways: {@code spark-advisor facts} writes it and
 * {@code analyze --facts} reads it back, so facts collected where the log is can be analysed elsewhere.
 * A file is the {@link RunFacts} record tree with {@code factsVersion} in front.
 */
public final class FactsJson {
    /**
     * Raise it when a record changes, or when the same log would give other facts, so that files and
     * facts-cache entries written before are refused instead of read into stale facts.
     */
    public static final int VERSION = 7;
    static final String VERSION_FIELD = "factsVersion";
    /** Fields added within {@link #VERSION}, each optional: a file written before them reads as if they were empty. */
    private static final List<String> ADDED_OPTIONAL = List.of("jobRunMode");

    // Strict on reading: a field missing or unknown means the file is not what this version wrote, and
    // guessing a default would give a silently different analysis.
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new Jdk8Module())
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, false)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private FactsJson() {}

    public static String write(RunFacts facts) {
        ObjectNode root = MAPPER.createObjectNode().put(VERSION_FIELD, VERSION);
        root.setAll((ObjectNode) MAPPER.valueToTree(facts));
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("facts cannot be written as JSON", e);
        }
    }

    /** Reads facts written by {@link #write}; a file that is not such facts is a {@link FactsFileException}. */
    public static RunFacts read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new FactsFileException(file + " does not exist or is not a file; write facts with `spark-advisor facts <event-log> > facts.json`");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw new FactsFileException(file + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Reads facts written by {@link #write} from a stream that {@code origin} names in messages;
     * anything else, an older {@link #VERSION} included, is a {@link FactsFileException}.
     */
    public static RunFacts read(InputStream in, String origin) {
        JsonNode root = parse(in, origin);
        checkVersion(origin, root);
        ((ObjectNode) root).remove(VERSION_FIELD);
        ADDED_OPTIONAL.stream().filter(f -> !root.has(f)).forEach(((ObjectNode) root)::putNull);
        try {
            return MAPPER.treeToValue(root, RunFacts.class);
        } catch (JsonProcessingException e) {
            throw new FactsFileException(origin + " has " + VERSION_FIELD + " " + VERSION + " but does not fit it (" + oneLine(e.getOriginalMessage())
                    + where(e) + "); write it again with `spark-advisor facts <event-log>`");
        }
    }

    /** The stream's one JSON value; an event log (JSON lines) is told apart by its first line. */
    private static JsonNode parse(InputStream in, String origin) {
        try (JsonParser parser = MAPPER.createParser(in)) {
            JsonNode first = MAPPER.readTree(parser);
            if (first != null && first.has("Event")) {
                throw new FactsFileException(origin + " is a Spark event log, not saved facts; pass it as the argument, without --facts");
            }
            if (parser.nextToken() != null) {
                throw notFacts(origin, "it holds more than one JSON value");
            }
            return first;
        } catch (JsonProcessingException e) {
            throw notFacts(origin, "it is not JSON");
        } catch (IOException e) {
            throw new FactsFileException(origin + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static void checkVersion(String origin, JsonNode root) {
        if (root == null || !root.isObject()) {
            throw notFacts(origin, "it is not a JSON object");
        }
        JsonNode version = root.get(VERSION_FIELD);
        if (version == null) {
            throw notFacts(origin, "it has no " + VERSION_FIELD);
        }
        if (!version.isInt() || version.intValue() != VERSION) {
            throw new FactsFileException(origin + " has " + VERSION_FIELD + " " + version + " and this spark-advisor reads version "
                    + VERSION + "; write it again with this version's `spark-advisor facts <event-log>`");
        }
    }

    /** The JSON path of the value that did not fit, e.g. {@code stages[3].metrics}. */
    private static String where(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException mapping) || mapping.getPath().isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference step : mapping.getPath()) {
            path.append(step.getFieldName() != null ? "." + step.getFieldName() : "[" + step.getIndex() + "]");
        }
        return " at " + path.substring(path.charAt(0) == '.' ? 1 : 0);
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s+", " ").strip();
    }

    private static FactsFileException notFacts(String origin, String why) {
        return new FactsFileException(origin + " is not spark-advisor facts JSON (" + why + "); write facts with"
                + " `spark-advisor facts <event-log> > facts.json`, or pass an event log as the argument instead of --facts");
    }
}
