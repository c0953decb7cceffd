package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A task end read from its bytes holds what Jackson reads from it ({@link TaskEndParser}); a line
 * with a value in a form Spark does not write, or a damaged one, is given up to Jackson.
 */
class TaskEndBytesTest {
    private static final JsonFactory JSON = new JsonFactory();
    private static final String TYPE = "{\"Event\":\"SparkListenerTaskEnd\",";

    @ParameterizedTest
    @ValueSource(strings = {"healthy", "task-failures", "spill", "skew-spark4", "delta-skew-join"})
    void everyTaskEndOfARealLogReadsAsJacksonReadsIt(String scenario) throws IOException {
        List<String> taskEnds = taskEnds(scenario);
        assertFalse(taskEnds.isEmpty());
        int read = 0;
        for (String line : taskEnds) {
            TaskEnd fromBytes = bytes(line);
            if (fromBytes != null) {
                read++;
                assertEquals(fields(jackson(line)), fields(fromBytes), line);
            }
        }
        assertTrue(read >= taskEnds.size() * 0.95, read + " of " + taskEnds.size() + " read from their bytes");
    }

    @Test
    void membersInAnotherOrderWithOnesSparkHasNotWrittenYetReadTheSame() throws IOException {
        String line = taskEnds("healthy").get(0);
        String moved = TYPE + "\"Task Metrics\":" + member(line, "Task Metrics") + ",\"A Later Field\":{\"x\":[1,2.5e3,null]},"
                + "\"Task Info\":" + member(line, "Task Info") + ",\"Task Executor Metrics\":" + member(line, "Task Executor Metrics")
                + ",\"Stage Attempt ID\":0,\"Stage ID\":"
                + member(line, "Stage ID") + ",\"Task End Reason\":{\"Reason\":\"Success\"}}";
        TaskEnd task = bytes(moved);
        assertTrue(task != null, moved);
        assertEquals(fields(jackson(line)), fields(task));
    }

    /** Each of these is a form Jackson reads (or rejects) its own way: the bytes reader leaves it to Jackson. */
    @ParameterizedTest
    @ValueSource(strings = {
        "\"Executor Run Time\":(\\d+)=>\"Executor Run Time\":$1.0",
        "\"Executor Run Time\":(\\d+)=>\"Executor Run Time\":$1e0",
        "\"Executor ID\":\"driver\"=>\"Executor ID\":\"\\\\u0064river\"",
        "\"Executor ID\":\"(\\w+)\"=>\"Executor ID\":7",
        "\"Stage ID\":(\\d+)=>\"Stage ID\":3000000000",
        "\"Launch Time\":(\\d+)=>\"Launch Time\":01",
        "\"Speculative\":false=>\"Speculative\":0",
        "\"Task Metrics\":\\{=>\"Task Metrics\":null,\"Ignored\":{",
        "\"Task Info\"=>\"Task\\\\u0020Info\"",
        "\"Internal\":true=>\"Internal\":tru",
        "\"Name\":\"=>\"Name\":\"\u0001",
        "\\}$=>} {}",
    })
    void aValueInAnotherFormIsLeftToJackson(String rewrite) throws IOException {
        String[] from = rewrite.split("=>");
        String line = taskEnds("healthy").get(0);
        String odd = line.replaceFirst(from[0], from[1]);
        assertTrue(!odd.equals(line), "the rewrite " + rewrite + " changed nothing");
        assertEquals(null, bytes(odd), odd);
    }

    @Test
    void aDamagedByteInAValueNothingReadsStillFailsTheLine() {
        String line = taskEnds("healthy").get(0);
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        int name = line.indexOf("internal.metrics.");
        assertTrue(name > 0);
        byte[] damaged = Arrays.copyOf(b, b.length);
        damaged[name + 3] = (byte) 0xC3; // a lead byte without its continuation: not UTF-8
        TaskEndBytes reader = new TaskEndBytes();
        assertFalse(reader.read(damaged, TYPE.length(), damaged.length));
        assertTrue(reader.read(b, TYPE.length(), b.length));
    }

    private static TaskEnd bytes(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        assertTrue(line.startsWith(TYPE), line);
        TaskEndBytes reader = new TaskEndBytes();
        return reader.read(b, TYPE.length(), b.length) ? reader.take(null) : null;
    }

    private static TaskEnd jackson(String line) throws IOException {
        try (JsonParser p = JSON.createParser(line)) {
            p.nextToken();
            p.nextFieldName();
            p.nextTextValue();
            TaskEnd task = new TaskEnd();
            TaskEndParser.parse(p, task);
            return task;
        }
    }

    private static String fields(TaskEnd t) {
        return String.join("|", List.of(t.stageId, t.stageAttemptId, t.index, t.launchMs, t.finishMs, t.executorId,
                t.speculative, t.reason, t.exceptionClass, t.failureMessage, t.exitCausedByApp, t.peakJvmHeap,
                t.peakOnHeapExecution, t.peakOnHeapStorage, t.peakProcessRss, Arrays.toString(t.metrics)).stream()
                .map(String::valueOf).toList());
    }

    /** The text of a top-level member's value (an object, or a number). */
    private static String member(String line, String name) {
        int start = line.indexOf("\"" + name + "\":") + name.length() + 3;
        if (line.charAt(start) != '{') {
            int end = start;
            while (Character.isDigit(line.charAt(end))) {
                end++;
            }
            return line.substring(start, end);
        }
        int depth = 0;
        boolean quoted = false;
        for (int i = start; ; i++) {
            char c = line.charAt(i);
            if (c == '"' && line.charAt(i - 1) != '\\') {
                quoted = !quoted;
            } else if (!quoted && c == '{') {
                depth++;
            } else if (!quoted && c == '}' && --depth == 0) {
                return line.substring(start, i + 1);
            }
        }
    }

    private static List<String> taskEnds(String scenario) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.log(scenario)))) {
            return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .filter(l -> l.startsWith(TYPE)).toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
