package io.sparkadvisor.databricks.billing;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The statements behind the cost digest, over {@code system.billing.usage} priced by
 * {@code system.billing.list_prices} (the documented join, effective list price), jobs compute and
 * serverless jobs only ({@code usage_metadata.job_id} set). Every statement groups in SQL, so the
 * warehouse returns a few aggregated rows, never raw usage; dates are DATE parameters. The tables
 * hold the whole account's usage in the region, so a known workspace id keeps them to this workspace.
 */
public final class CostQueries {
    public static final String WEEKLY = "weekly-job-cost";
    public static final String DAILY = "daily-job-cost";
    public static final String PER_RUN = "per-run-job-cost";
    public static final String SERVERLESS_RUNS = "serverless-run-usage";

    /** Usage between {@code :from_date} and {@code :to_date} (exclusive), one row per usage record with its list cost. */
    private static final String PRICED = """
            WITH priced AS (
              SELECT u.workspace_id, u.usage_metadata.job_id AS job_id, u.usage_metadata.job_run_id AS job_run_id,
                     u.usage_date, u.usage_start_time, u.usage_end_time, u.usage_quantity AS dbus,
                     u.product_features.is_serverless AS is_serverless,
                     u.product_features.performance_target AS performance_target,
                     u.usage_quantity * CAST(lp.pricing.effective_list.default AS DECIMAL(18,6)) AS cost,
                     lp.currency_code
              FROM system.billing.usage u
              JOIN system.billing.list_prices lp
                ON u.cloud = lp.cloud AND u.sku_name = lp.sku_name
               AND u.usage_start_time >= lp.price_start_time
               AND (u.usage_end_time <= lp.price_end_time OR lp.price_end_time IS NULL)
              WHERE u.usage_metadata.job_id IS NOT NULL
                AND u.usage_date >= :from_date AND u.usage_date < :to_date
                AND (:workspace_id = '' OR u.workspace_id = :workspace_id)
            )
            """;

    private CostQueries() {
    }

    /**
     * Per job, the week from {@code weekStart} and the week before; the totals over all jobs ride on
     * every row (a window before the filter), and only the {@code top} costliest and the {@code top}
     * fastest growing jobs come back.
     */
    public static BillingQuery weekly(LocalDate weekStart, int top, String workspaceId) {
        String sql = PRICED + """
                , latest_jobs AS (
                  SELECT workspace_id, job_id, name FROM system.lakeflow.jobs
                  QUALIFY ROW_NUMBER() OVER (PARTITION BY workspace_id, job_id ORDER BY change_time DESC) = 1
                ), per_job AS (
                  SELECT p.job_id, MAX(j.name) AS job_name,
                         COUNT(DISTINCT CASE WHEN p.usage_date >= :week_start THEN p.job_run_id END) AS runs,
                         COALESCE(SUM(CASE WHEN p.usage_date >= :week_start THEN p.dbus END), 0) AS dbus,
                         COALESCE(SUM(CASE WHEN p.usage_date >= :week_start THEN p.cost END), 0) AS cost,
                         COUNT(DISTINCT CASE WHEN p.usage_date < :week_start THEN p.job_run_id END) AS previous_runs,
                         COALESCE(SUM(CASE WHEN p.usage_date < :week_start THEN p.cost END), 0) AS previous_cost,
                         MAX(p.currency_code) AS currency
                  FROM priced p LEFT JOIN latest_jobs j ON j.workspace_id = p.workspace_id AND j.job_id = p.job_id
                  GROUP BY p.workspace_id, p.job_id
                )
                SELECT job_id, job_name, runs, dbus, cost, previous_runs, previous_cost, currency,
                       SUM(cost) OVER () AS total_cost, SUM(previous_cost) OVER () AS total_previous_cost
                FROM per_job
                QUALIFY ROW_NUMBER() OVER (ORDER BY cost DESC, job_id) <= :top
                     OR ROW_NUMBER() OVER (ORDER BY cost - previous_cost DESC, job_id) <= :top
                ORDER BY cost DESC, job_id
                """;
        return new BillingQuery(WEEKLY, sql, List.of(date("from_date", weekStart.minusDays(7)), date("week_start", weekStart),
                date("to_date", weekStart.plusDays(7)), new SqlParameter("top", Integer.toString(top), "INT"), workspace(workspaceId)));
    }

    /** Cost per day of the given jobs in {@code [from, to)}, for the chart. */
    public static BillingQuery daily(List<String> jobIds, LocalDate from, LocalDate to, String workspaceId) {
        String sql = PRICED + """
                SELECT job_id, usage_date, SUM(cost) AS cost FROM priced
                WHERE array_contains(split(:job_ids, ','), job_id)
                GROUP BY job_id, usage_date ORDER BY usage_date, job_id
                """;
        return new BillingQuery(DAILY, sql, List.of(date("from_date", from), date("to_date", to), jobIds(jobIds), workspace(workspaceId)));
    }

    /** Cost per run of the given jobs in {@code [from, to)}, for the cost per run before and after a change. */
    public static BillingQuery perRun(List<String> jobIds, LocalDate from, LocalDate to, String workspaceId) {
        String sql = PRICED + """
                SELECT job_id, job_run_id, unix_millis(MIN(usage_start_time)) AS start_ms, SUM(cost) AS cost FROM priced
                WHERE array_contains(split(:job_ids, ','), job_id) AND job_run_id IS NOT NULL
                GROUP BY job_id, job_run_id ORDER BY job_id, start_ms
                """;
        return new BillingQuery(PER_RUN, sql, List.of(date("from_date", from), date("to_date", to), jobIds(jobIds), workspace(workspaceId)));
    }

    /**
     * One job's serverless runs since {@code from}: per run its performance mode (billing's
     * {@code product_features.performance_target}), its usage's first start and last end, DBUs and list cost. The
     * columns are those {@code knowledge}'s serverless run file reads under {@code usage}.
     */
    public static BillingQuery serverlessRuns(long jobId, LocalDate from, String workspaceId) {
        String sql = PRICED + """
                SELECT job_run_id, MAX(performance_target) AS performance_target, MIN(usage_start_time) AS usage_start,
                       MAX(usage_end_time) AS usage_end, SUM(dbus) AS dbus, SUM(cost) AS dollars
                FROM priced WHERE job_id = :job_id AND is_serverless AND job_run_id IS NOT NULL
                GROUP BY job_run_id ORDER BY usage_start
                """;
        return new BillingQuery(SERVERLESS_RUNS, sql, List.of(date("from_date", from), date("to_date", LocalDate.of(9999, 1, 1)),
                new SqlParameter("job_id", Long.toString(jobId), "STRING"), workspace(workspaceId)));
    }

    public static WeeklyCosts weeklyCosts(QueryResult result) {
        Rows rows = new Rows(WEEKLY, result);
        List<JobCost> jobs = rows.map(r -> new JobCost(r.text("job_id"), r.text("job_name"), r.count("runs"), r.decimal("dbus"),
                r.decimal("cost"), r.count("previous_runs"), r.decimal("previous_cost")));
        if (jobs.isEmpty()) {
            return new WeeklyCosts("USD", BigDecimal.ZERO, BigDecimal.ZERO, List.of());
        }
        Row first = rows.row(0);
        String currency = first.text("currency");
        return new WeeklyCosts(currency == null ? "USD" : currency, first.decimal("total_cost"), first.decimal("total_previous_cost"), jobs);
    }

    public static List<DailyCost> dailyCosts(QueryResult result) {
        return new Rows(DAILY, result).map(r -> new DailyCost(r.text("job_id"), LocalDate.parse(r.text("usage_date")), r.decimal("cost")));
    }

    public static List<RunCost> runCosts(QueryResult result) {
        return new Rows(PER_RUN, result).map(r -> new RunCost(r.text("job_id"), r.text("job_run_id"),
                Instant.ofEpochMilli(r.count("start_ms")), r.decimal("cost")));
    }

    private static SqlParameter date(String name, LocalDate value) {
        return new SqlParameter(name, value.toString(), "DATE");
    }

    /** Empty when the workspace id is not known: every workspace of the account in the region. */
    private static SqlParameter workspace(String workspaceId) {
        return new SqlParameter("workspace_id", workspaceId == null ? "" : workspaceId, "STRING");
    }

    private static SqlParameter jobIds(List<String> jobIds) {
        return new SqlParameter("job_ids", String.join(",", jobIds), "STRING");
    }

    /** Values by column name, so a reordered SELECT cannot shift them; a missing column is a clear error. */
    private record Rows(String query, Map<String, Integer> index, List<List<String>> rows) {
        Rows(String query, QueryResult result) {
            this(query, IntStream.range(0, result.columns().size()).boxed()
                    .collect(Collectors.toMap(result.columns()::get, i -> i, (a, b) -> a)), result.rows());
        }

        <T> List<T> map(Function<Row, T> read) {
            List<T> out = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                out.add(read.apply(row(i)));
            }
            return out;
        }

        Row row(int i) {
            return new Row(this, rows.get(i));
        }
    }

    private record Row(Rows rows, List<String> values) {
        String text(String column) {
            Integer i = rows.index().get(column);
            if (i == null) {
                throw new StatementFailedException("Billing query " + rows.query() + " returned no column " + column + ".");
            }
            return values.get(i);
        }

        BigDecimal decimal(String column) {
            String value = text(column);
            return value == null ? BigDecimal.ZERO : new BigDecimal(value);
        }

        long count(String column) {
            String value = text(column);
            return value == null ? 0 : Long.parseLong(value);
        }
    }
}
