package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL Statement Execution 2.0 (submit, get, result chunks, cancel) played from {@link StatementScript}s, and
 * SQL warehouses 2.0 {@code get}. As the real API: {@code wait_timeout} is 0s or 5-50 s; a statement on a stopped
 * warehouse starts it and stays PENDING until it runs; {@code row_limit} and {@code byte_limit} cut the result and
 * mark the manifest {@code truncated}; an identity without CAN USE on the warehouse gets HTTP 403 PERMISSION_DENIED.
 * Every warehouse id is a running warehouse unless a test says otherwise.
 */
final class EmulatedStatements {
    private static final Pattern STATEMENT = Pattern.compile("/api/2\\.0/sql/statements/([^/]+)(/cancel|/result/chunks/(\\d+))?");
    private static final Pattern WAREHOUSE = Pattern.compile("/api/2\\.0/sql/warehouses/([^/]+)");
    private static final Pattern WAIT = Pattern.compile("(\\d+)s");

    private final Map<String, StatementScript> scripts = new ConcurrentHashMap<>();
    private final Map<String, Running> statements = new ConcurrentHashMap<>();
    private final Map<String, Warehouse> warehouses = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final AtomicInteger ids = new AtomicInteger();

    /** A warehouse that is not running: STOPPED until a statement starts it, then STARTING for {@code pollsToStart} status calls. */
    private static final class Warehouse {
        String state;
        int pollsToStart;

        Warehouse(String state, int pollsToStart) {
            this.state = state;
            this.pollsToStart = pollsToStart;
        }

        /** One more look at it while it starts. */
        void tick() {
            if (state.equals("STARTING") && --pollsToStart <= 0) {
                state = "RUNNING";
            }
        }
    }

    private static final class Running {
        final StatementScript script;
        final Warehouse warehouse;
        final List<List<List<String>>> chunks;
        final boolean truncated;
        int polls;
        boolean cancelled;

        Running(StatementScript script, Warehouse warehouse, List<List<List<String>>> chunks, boolean truncated) {
            this.script = script;
            this.warehouse = warehouse;
            this.chunks = chunks;
            this.truncated = truncated;
        }
    }

    void on(String sqlContains, StatementScript script) {
        scripts.put(sqlContains, script);
    }

    /** The warehouse is stopped; the first statement starts it, and it runs after {@code pollsToStart} status calls. */
    void stopped(String warehouseId, int pollsToStart) {
        warehouses.put(warehouseId, new Warehouse("STOPPED", pollsToStart));
    }

    /** Whether the identity lacks CAN USE on the warehouse. */
    void refuse(String warehouseId, boolean refuse) {
        if (refuse) {
            refused.add(warehouseId);
        } else {
            refused.remove(warehouseId);
        }
    }

    synchronized Answer handle(Call call) {
        if (call.method().equals("POST") && call.path().equals("/api/2.0/sql/statements")) {
            return submit(call);
        }
        Matcher w = WAREHOUSE.matcher(call.path());
        if (call.method().equals("GET") && w.matches()) {
            Warehouse warehouse = warehouses.get(w.group(1));
            String state = warehouse == null ? "RUNNING" : warehouse.state;
            if (warehouse != null) {
                warehouse.tick();
            }
            return Answer.json(Folder.JSON.createObjectNode().put("id", w.group(1)).put("name", "advisor").put("state", state));
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
            return Answer.json(chunk(running.chunks, Integer.parseInt(m.group(3))));
        }
        if (running.warehouse != null && !running.warehouse.state.equals("RUNNING")) {
            running.warehouse.tick();
            return Answer.json(status(m.group(1), running));
        }
        running.polls++;
        return Answer.json(status(m.group(1), running));
    }

    private Answer submit(Call call) {
        String wait = call.body().path("wait_timeout").asText("10s");
        Matcher waitSeconds = WAIT.matcher(wait);
        if (!waitSeconds.matches() || !(wait.equals("0s") || Integer.parseInt(waitSeconds.group(1)) >= 5
                && Integer.parseInt(waitSeconds.group(1)) <= 50)) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "wait_timeout must be 0s or between 5s and 50s, not " + wait);
        }
        String warehouseId = call.body().path("warehouse_id").asText();
        if (refused.contains(warehouseId)) {
            return Answer.error(403, "PERMISSION_DENIED", "User does not have CAN USE on warehouse " + warehouseId + ".");
        }
        String sql = call.body().path("statement").asText();
        StatementScript script = scripts.entrySet().stream().filter(e -> sql.contains(e.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (script == null) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "The emulator has no script for this statement");
        }
        Warehouse warehouse = warehouses.get(warehouseId);
        if (warehouse != null && warehouse.state.equals("STOPPED")) {
            warehouse.state = "STARTING";
        }
        String id = "01ef-emulated-" + ids.incrementAndGet();
        long rowLimit = call.body().path("row_limit").asLong(Long.MAX_VALUE);
        long byteLimit = call.body().path("byte_limit").asLong(Long.MAX_VALUE);
        List<List<List<String>>> limited = new ArrayList<>();
        boolean truncated = limit(script.chunks(), rowLimit, byteLimit, limited);
        Running running = new Running(script, warehouse, limited, truncated);
        statements.put(id, running);
        return Answer.json(status(id, running));
    }

    /** The chunks within the limits, into {@code out}; true when a row was left out. Bytes are counted as the rows' JSON. */
    private static boolean limit(List<List<List<String>>> chunks, long rowLimit, long byteLimit, List<List<List<String>>> out) {
        long rows = 0;
        long bytes = 0;
        for (List<List<String>> chunk : chunks) {
            List<List<String>> kept = new ArrayList<>();
            for (List<String> row : chunk) {
                bytes += Folder.JSON.valueToTree(row).toString().getBytes(StandardCharsets.UTF_8).length;
                if (rows == rowLimit || bytes > byteLimit) {
                    if (!kept.isEmpty()) {
                        out.add(kept);
                    }
                    return true;
                }
                kept.add(row);
                rows++;
            }
            out.add(kept);
        }
        return false;
    }

    private static ObjectNode status(String id, Running running) {
        StatementScript script = running.script;
        ObjectNode answer = Folder.JSON.createObjectNode().put("statement_id", id);
        ObjectNode status = answer.putObject("status");
        boolean warehouseUp = running.warehouse == null || running.warehouse.state.equals("RUNNING");
        if (running.cancelled) {
            status.put("state", "CANCELED");
        } else if (!warehouseUp) {
            status.put("state", "PENDING");
        } else if (script.endless() || running.polls < script.pendingPolls()) {
            status.put("state", running.polls == 0 ? "PENDING" : "RUNNING");
        } else if (script.failure() != null) {
            status.put("state", "FAILED").putObject("error").put("error_code", script.errorCode()).put("message", script.failure());
        } else {
            status.put("state", "SUCCEEDED");
            ObjectNode manifest = answer.putObject("manifest").put("format", "JSON_ARRAY")
                    .put("total_chunk_count", running.chunks.size())
                    .put("total_row_count", running.chunks.stream().mapToInt(List::size).sum()).put("truncated", running.truncated);
            ObjectNode schema = manifest.putObject("schema");
            schema.put("column_count", script.columns().size());
            ArrayNode columns = schema.putArray("columns");
            for (int i = 0; i < script.columns().size(); i++) {
                columns.addObject().put("name", script.columns().get(i)).put("type_name", script.types().get(i)).put("position", i);
            }
            answer.set("result", chunk(running.chunks, 0));
        }
        return answer;
    }

    private static ObjectNode chunk(List<List<List<String>>> chunks, int index) {
        ObjectNode chunk = Folder.JSON.createObjectNode().put("chunk_index", index);
        List<List<String>> rows = chunks.isEmpty() ? List.of() : chunks.get(index);
        ArrayNode data = chunk.putArray("data_array");
        rows.forEach(row -> {
            ArrayNode r = data.addArray();
            row.forEach(r::add);
        });
        chunk.put("row_count", rows.size());
        if (index + 1 < chunks.size()) {
            chunk.put("next_chunk_index", index + 1);
        }
        return chunk;
    }
}
