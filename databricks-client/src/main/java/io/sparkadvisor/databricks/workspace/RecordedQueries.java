package io.sparkadvisor.databricks.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.billing.QueryResult;
import io.sparkadvisor.databricks.billing.QueryRunner;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Billing results recorded as {@code statements/<query name>.json}: {"columns":[...],"rows":[[...]]}. */
public final class RecordedQueries implements QueryRunner {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path folder;

    public RecordedQueries(Path workspaceFolder) {
        this.folder = workspaceFolder.resolve("statements");
    }

    @Override
    public QueryResult run(BillingQuery query) {
        Path file = folder.resolve(query.name() + ".json");
        if (!Files.isRegularFile(file)) {
            throw new StatementFailedException("No recorded result for billing query " + query.name() + " (expected " + file + ").");
        }
        try {
            JsonNode recorded = JSON.readTree(file.toFile());
            List<String> columns = new ArrayList<>();
            recorded.path("columns").forEach(c -> columns.add(c.asText()));
            List<List<String>> rows = new ArrayList<>();
            recorded.path("rows").forEach(r -> {
                List<String> row = new ArrayList<>();
                r.forEach(v -> row.add(v.isNull() ? null : v.asText()));
                rows.add(row);
            });
            return new QueryResult(columns, rows);
        } catch (IOException e) {
            throw new StatementFailedException("Recorded result " + file + " is not readable JSON: " + e.getMessage());
        }
    }
}
