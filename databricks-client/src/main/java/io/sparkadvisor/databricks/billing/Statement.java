package io.sparkadvisor.databricks.billing;

import java.util.List;

/**
 * One SQL statement for a warehouse, with the bounds the Statement Execution API applies to its result:
 * {@code rowLimit} and {@code byteLimit} (null for the API's own), past which the result is cut and marked truncated.
 * {@code name} identifies it in messages.
 */
public record Statement(String name, String sql, List<SqlParameter> parameters, Long rowLimit, Long byteLimit) {
    public Statement {
        parameters = List.copyOf(parameters);
    }

    static Statement of(BillingQuery query) {
        return new Statement("billing query " + query.name(), query.sql(), query.parameters(), null, null);
    }
}
