package io.sparkadvisor.knowledge.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tables' maintenance saved as a file for {@code analyze --table-maintenance}: a JSON object with {@code tables}, the
 * answers of Unity Catalog's {@code tables/get} (full_name, table_type, storage_location,
 * effective_predictive_optimization_flag), and {@code operations}, rows of
 * {@code system.storage.predictive_optimization_operations_history} (catalog_name, schema_name, table_name,
 * operation_type, operation_status, end_time).
 */
public final class TableMaintenanceFile {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> OPERATION_COLUMNS = List.of("operation_type", "operation_status", "end_time");

    private TableMaintenanceFile() {}

    public static List<TableMaintenance> read(Path file) {
        String origin = "--table-maintenance " + file;
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new TableMaintenanceException(origin + " is not JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new TableMaintenanceException(origin + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (root == null || !root.path("tables").isArray()) {
            throw new TableMaintenanceException(origin + " has no \"tables\" array; give {\"tables\": [tables/get answers],"
                    + " \"operations\": [predictive_optimization_operations_history rows]}");
        }
        List<TableMaintenance> out = new ArrayList<>();
        for (JsonNode t : root.path("tables")) {
            String name = t.path("full_name").asText("");
            if (name.split("\\.").length != 3) {
                throw new TableMaintenanceException(origin + ": a table without a full_name catalog.schema.table (" + name + ")");
            }
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode op : root.path("operations")) {
                String opName = String.join(".", op.path("catalog_name").asText(), op.path("schema_name").asText(), op.path("table_name").asText());
                if (opName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                    rows.add(OPERATION_COLUMNS.stream().map(c -> op.path(c).asText(null)).toList());
                }
            }
            out.add(TableMaintenances.of(name, t.path("storage_location").asText(""), t.path("table_type").asText(""),
                    t.path("effective_predictive_optimization_flag").path("value").asText(""), OPERATION_COLUMNS, rows, origin));
        }
        return List.copyOf(out);
    }
}
