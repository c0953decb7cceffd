package io.sparkadvisor.databricks.billing;

import java.util.List;

/**
 * A statement over the billing system tables. The name identifies it in messages and, offline,
 * picks its recorded result ({@code statements/<name>.json} of a workspace folder).
 */
public record BillingQuery(String name, String sql, List<SqlParameter> parameters) {
    public BillingQuery {
        parameters = List.copyOf(parameters);
    }
}
