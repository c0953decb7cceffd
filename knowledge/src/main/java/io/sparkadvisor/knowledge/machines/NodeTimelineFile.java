package io.sparkadvisor.knowledge.machines;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code system.compute.node_timeline} rows saved as a file for {@code analyze --node-timeline}: CSV with a header
 * line (a notebook's or the SQL editor's download), or JSON, an array of objects keyed by column name.
 */
public final class NodeTimelineFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private NodeTimelineFile() {}

    /** The facts of the file's rows over the run's window {@code [startMs, endMs]}. */
    public static NodeTimelineFacts read(Path file, long startMs, long endMs) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new NodeTimelineException("--node-timeline " + file + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        String origin = "--node-timeline " + file;
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            throw new NodeTimelineException(origin + " is empty; save the rows of system.compute.node_timeline for the run's cluster as CSV or JSON");
        }
        return trimmed.startsWith("[") ? json(trimmed, startMs, endMs, origin) : csv(trimmed, startMs, endMs, origin);
    }

    private static NodeTimelineFacts csv(String text, long startMs, long endMs, String origin) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        List<String> columns = cells(lines.get(0));
        List<List<String>> rows = lines.subList(1, lines.size()).stream().map(NodeTimelineFile::cells).toList();
        return NodeTimelineRows.facts(columns, rows, startMs, endMs, origin);
    }

    /** node_timeline's values hold no comma; quotes a spreadsheet adds are dropped. */
    private static List<String> cells(String line) {
        return Arrays.stream(line.split(",", -1)).map(c -> c.strip().replaceAll("^\"|\"$", "")).toList();
    }

    private static NodeTimelineFacts json(String text, long startMs, long endMs, String origin) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new NodeTimelineException(origin + " is not JSON (" + e.getOriginalMessage() + "); give an array of row objects or CSV");
        }
        Set<String> columns = new LinkedHashSet<>();
        root.forEach(row -> row.fieldNames().forEachRemaining(columns::add));
        List<String> names = List.copyOf(columns);
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : root) {
            if (!row.isObject()) {
                throw new NodeTimelineException(origin + " holds " + row.getNodeType() + " where a row object belongs; give an array of row objects");
            }
            rows.add(names.stream().map(n -> row.hasNonNull(n) ? row.get(n).asText() : null).toList());
        }
        return NodeTimelineRows.facts(names, rows, startMs, endMs, origin);
    }
}
