package io.sparkadvisor.databricks.billing;

import java.time.LocalDate;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;

/**
 * Jobs costs from the billing system tables, run through a {@link QueryRunner} (a SQL warehouse,
 * or recorded results). When the tables cannot be read, says so with the fix.
 */
public final class SystemTableCosts implements JobCosts {
    /** What the warehouse answers when the tables are missing or not granted. */
    private static final Set<StatementFailedException.Kind> NOT_READABLE = EnumSet.of(StatementFailedException.Kind.MISSING_PRIVILEGE,
            StatementFailedException.Kind.NOT_FOUND);
    static final String FIX = "Grant the advisor's identity SELECT on system.billing.usage, system.billing.list_prices and"
            + " system.lakeflow.jobs, or unset DATABRICKS_WAREHOUSE_ID to use estimates from job runs.";

    private final QueryRunner runner;
    private final String workspaceId;

    /** {@code workspaceId}: the workspace to keep to, or null for all of the account's in the region. */
    public SystemTableCosts(QueryRunner runner, String workspaceId) {
        this.runner = runner;
        this.workspaceId = workspaceId;
    }

    @Override
    public WeeklyCosts weekly(LocalDate weekStart, int top) {
        return CostQueries.weeklyCosts(run(CostQueries.weekly(weekStart, top, workspaceId)));
    }

    @Override
    public List<DailyCost> daily(List<String> jobIds, LocalDate from, LocalDate to) {
        return jobIds.isEmpty() ? List.of() : CostQueries.dailyCosts(run(CostQueries.daily(jobIds, from, to, workspaceId)));
    }

    @Override
    public List<RunCost> perRun(List<String> jobIds, LocalDate from, LocalDate to) {
        return jobIds.isEmpty() ? List.of() : CostQueries.runCosts(run(CostQueries.perRun(jobIds, from, to, workspaceId)));
    }

    private QueryResult run(BillingQuery query) {
        try {
            return runner.run(query);
        } catch (StatementFailedException e) {
            if (NOT_READABLE.contains(e.kind())) {
                throw new BillingUnavailableException("The billing system tables cannot be read (" + e.getMessage() + "). " + FIX, e);
            }
            throw e;
        }
    }
}
