package io.sparkadvisor.databricks.billing;

/** Runs billing queries: on a SQL warehouse, or from recorded results offline. */
public interface QueryRunner {
    QueryResult run(BillingQuery query);
}
