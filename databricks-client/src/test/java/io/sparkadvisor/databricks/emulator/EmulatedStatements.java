package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** SQL Statement Execution 2.0: submit, get, result chunks, cancel, played from {@link StatementScript}s. */
final class EmulatedStatements {
    private static final Pattern STATEMENT = Pattern.compile("/api/2\\.0/sql/statements/([^/]+)(/cancel|/result/chunks/(\\d+))?");

    private final Map<String, StatementScript> scripts = new ConcurrentHashMap<>();
    private final Map<String, Running> statements = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    private static final class Running {
        final StatementScript script;
        int polls;
        boolean cancelled;

        Running(StatementScript script) {
            this.script = script;
        }
    }

    void on(String sqlContains, StatementScript script) {
        scripts.put(sqlContains, script);
    }

    synchronized Answer handle(Call call) {
        if (call.method().equals("POST") && call.path().equals("/api/2.0/sql/statements")) {
            return submit(call);
        }
        Matcher m = STATEMENT.matcher(call.path());
        if (!m.matches()) {
            return null;
        }
        Running running = statements.get(m.group(1));
        if (running == null) {
            return Answer.error(404, "NOT_FOUND", "Statement " + m.group(1) + " not found");
        }
        if ("/cancel".equals(m.group(2))) {
            running.cancelled = true;
            return Answer.empty();
        }
        if (m.group(3) != null) {
            return Answer.json(chunk(running.script, Integer.parseInt(m.group(3))));
        }
        running.polls++;
        return Answer.json(status(m.group(1), running));
    }

    private Answer submit(Call call) {
        String sql = call.body().path("statement").asText();
        StatementScript script = scripts.entrySet().stream().filter(e -> sql.contains(e.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (script == null) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "The emulator has no script for this statement");
        }
        String id = "01ef-emulated-" + ids.incrementAndGet();
        Running running = new Running(script);
        statements.put(id, running);
        return Answer.json(status(id, running));
    }

    private static ObjectNode status(String id, Running running) {
        StatementScript script = running.script;
        ObjectNode answer = Folder.JSON.createObjectNode().put("statement_id", id);
        ObjectNode status = answer.putObject("status");
        if (running.cancelled) {
            status.put("state", "CANCELED");
        } else if (script.endless() || running.polls < script.pendingPolls()) {
            status.put("state", running.polls == 0 ? "PENDING" : "RUNNING");
        } else if (script.failure() != null) {
            status.put("state", "FAILED").putObject("error").put("error_code", "BAD_REQUEST").put("message", script.failure());
        } else {
            status.put("state", "SUCCEEDED");
            ObjectNode schema = answer.putObject("manifest").put("format", "JSON_ARRAY")
                    .put("total_chunk_count", script.chunks().size()).putObject("schema");
            schema.put("column_count", script.columns().size());
            ArrayNode columns = schema.putArray("columns");
            for (int i = 0; i < script.columns().size(); i++) {
                columns.addObject().put("name", script.columns().get(i)).put("type_name", "STRING").put("position", i);
            }
            answer.set("result", chunk(script, 0));
        }
        return answer;
    }

    private static ObjectNode chunk(StatementScript script, int index) {
        ObjectNode chunk = Folder.JSON.createObjectNode().put("chunk_index", index);
        List<List<String>> rows = script.chunks().isEmpty() ? List.of() : script.chunks().get(index);
        ArrayNode data = chunk.putArray("data_array");
        rows.forEach(row -> {
            ArrayNode r = data.addArray();
            row.forEach(r::add);
        });
        chunk.put("row_count", rows.size());
        if (index + 1 < script.chunks().size()) {
            chunk.put("next_chunk_index", index + 1);
        }
        return chunk;
    }
}
