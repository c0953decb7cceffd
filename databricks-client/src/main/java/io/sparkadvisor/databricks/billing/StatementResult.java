package io.sparkadvisor.databricks.billing;

import java.util.List;

/**
 * The rows of a finished statement, every value a string as the API returns it (null for SQL NULL), with each
 * column's SQL type name; {@code truncated} when the row or byte limit cut the result.
 */
public record StatementResult(List<String> columns, List<String> types, List<List<String>> rows, boolean truncated) {
    QueryResult asQueryResult() {
        return new QueryResult(columns, rows);
    }
}
