package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Unity Catalog tables 2.1 {@code get}: {@code GET /api/2.1/unity-catalog/tables/{full_name}} answered from
 * {@code tables/<full_name>.json} (a TableInfo: full_name, catalog_name, schema_name, name, table_type,
 * data_source_format, storage_location). As the real API: names are matched in lower case (Unity Catalog keeps them
 * so), a name that is not catalog.schema.table is 400 INVALID_PARAMETER_VALUE, an unknown catalog 404
 * CATALOG_DOES_NOT_EXIST and an unknown table 404 TABLE_DOES_NOT_EXIST.
 */
final class EmulatedTables {
    private static final String PREFIX = "/api/2.1/unity-catalog/tables/";

    private final Folder folder;

    EmulatedTables(Folder folder) {
        this.folder = folder;
    }

    /** Registers a table; {@code storageLocation} may be null (a view, or a table whose files the test does not care about). */
    void add(String fullName, String tableType, String format, String storageLocation) {
        String[] parts = fullName.toLowerCase(Locale.ROOT).split("\\.");
        ObjectNode info = Folder.JSON.createObjectNode().put("full_name", String.join(".", parts)).put("catalog_name", parts[0])
                .put("schema_name", parts[1]).put("name", parts[2]).put("table_type", tableType).put("data_source_format", format)
                .put("owner", "data-eng@example.com").put("created_at", 1733097600000L);
        if (storageLocation != null) {
            info.put("storage_location", storageLocation);
        }
        folder.write("tables/" + info.path("full_name").asText() + ".json", info);
    }

    /** The table's effective_predictive_optimization_flag, as tables/get reports it when inherited from the catalog. */
    void flag(String fullName, String value) {
        String name = fullName.toLowerCase(Locale.ROOT);
        ObjectNode info = folder.read("tables/" + name + ".json").orElseThrow();
        info.putObject("effective_predictive_optimization_flag").put("value", value).put("inherited_from_type", "CATALOG")
                .put("inherited_from_name", name.split("\\.")[0]);
        folder.write("tables/" + name + ".json", info);
    }

    Answer handle(Call call) {
        if (!call.method().equals("GET") || !call.path().startsWith(PREFIX)) {
            return null;
        }
        String fullName = call.path().substring(PREFIX.length()).toLowerCase(Locale.ROOT);
        String[] parts = fullName.split("\\.", -1);
        if (parts.length != 3 || fullName.contains("/") || Arrays.stream(parts).anyMatch(String::isEmpty)) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "Invalid input: RPC GetTable Field managedcatalog.TableInfo.full_name: "
                    + "name \"" + fullName + "\" is not a valid name");
        }
        Optional<ObjectNode> table = folder.read("tables/" + fullName + ".json");
        if (table.isPresent()) {
            return Answer.json(table.get());
        }
        boolean catalogKnown = folder.all("tables").stream().anyMatch(t -> t.path("catalog_name").asText().equals(parts[0]));
        return catalogKnown ? Answer.error(404, "TABLE_DOES_NOT_EXIST", "Table '" + fullName + "' does not exist.")
                : Answer.error(404, "CATALOG_DOES_NOT_EXIST", "Catalog '" + parts[0] + "' does not exist.");
    }
}
