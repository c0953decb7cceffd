package io.sparkadvisor.databricks.billing;

import java.util.List;

/** Rows of a statement; every value is a string as the API returns it (null for SQL NULL). */
public record QueryResult(List<String> columns, List<List<String>> rows) {
}
