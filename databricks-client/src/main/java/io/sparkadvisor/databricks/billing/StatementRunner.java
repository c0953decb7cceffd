package io.sparkadvisor.databricks.billing;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.iam.MeRequest;
import com.databricks.sdk.service.sql.CancelExecutionRequest;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.Disposition;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequestOnWaitTimeout;
import com.databricks.sdk.service.sql.Format;
import com.databricks.sdk.service.sql.ResultData;
import com.databricks.sdk.service.sql.ResultManifest;
import com.databricks.sdk.service.sql.StatementParameterListItem;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import io.sparkadvisor.databricks.SdkCalls;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.billing.StatementFailedException.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Runs SQL on a SQL warehouse through the Statement Execution API: submit and wait up to
 * {@link #SERVER_WAIT} on the server, then poll with backoff while PENDING (the warehouse starting) or RUNNING,
 * cancel when the budget ends, and page through inline result chunks.
 */
public final class StatementRunner implements QueryRunner, SqlWarehouse {
    /** The longest the API lets a submit block (5 to 50 s); past it we poll instead. */
    static final String SERVER_WAIT = "10s";
    private static final Duration FIRST_POLL = Duration.ofMillis(100);
    private static final Duration LONGEST_POLL = Duration.ofSeconds(5);

    private final WorkspaceClient client;
    private final String warehouseId;
    private final Duration billingTimeout;

    /** {@code billingTimeout}: the budget of each billing query. */
    public StatementRunner(WorkspaceClient client, String warehouseId, Duration billingTimeout) {
        this.client = client;
        this.warehouseId = warehouseId;
        this.billingTimeout = billingTimeout;
    }

    @Override
    public QueryResult run(BillingQuery query) {
        return execute(Statement.of(query), billingTimeout).asQueryResult();
    }

    @Override
    public String id() {
        return warehouseId;
    }

    @Override
    public String state() {
        return String.valueOf(SdkCalls.read("SQL warehouse " + warehouseId, () -> client.warehouses().get(warehouseId)).getState());
    }

    @Override
    public String principal() {
        return SdkCalls.read("the advisor's identity", () -> client.currentUser().me(new MeRequest())).getUserName();
    }

    @Override
    public StatementResult execute(Statement statement, Duration budget) {
        long deadline = System.nanoTime() + budget.toNanos();
        String what = statement.name();
        StatementResponse response = submit(statement);
        Duration pause = FIRST_POLL;
        while (isRunning(response)) {
            if (System.nanoTime() + pause.toNanos() > deadline) {
                String id = response.getStatementId();
                SdkCalls.run(what, () -> client.statementExecution().cancelExecution(new CancelExecutionRequest().setStatementId(id)));
                throw new StatementFailedException(Kind.OVER_BUDGET, capitalized(what) + " did not finish within " + budget.toSeconds()
                        + " s on SQL warehouse " + warehouseId + " and was cancelled. Is the warehouse starting or overloaded?");
            }
            sleep(pause);
            pause = pause.multipliedBy(2).compareTo(LONGEST_POLL) > 0 ? LONGEST_POLL : pause.multipliedBy(2);
            String id = response.getStatementId();
            response = SdkCalls.call(what, () -> client.statementExecution().getStatement(id));
        }
        requireSucceeded(what, response);
        Optional<ResultManifest> manifest = Optional.ofNullable(response.getManifest());
        List<ColumnInfo> columns = manifest.map(ResultManifest::getSchema).map(s -> s.getColumns()).map(List::copyOf).orElse(List.of());
        return new StatementResult(columns.stream().map(ColumnInfo::getName).toList(),
                columns.stream().map(c -> String.valueOf(c.getTypeName())).toList(), rows(what, response),
                manifest.map(ResultManifest::getTruncated).orElse(false));
    }

    /** A 403 on submit is the warehouse refusing the identity, not a table: that grant is CAN USE on the warehouse. */
    private StatementResponse submit(Statement statement) {
        try {
            return SdkCalls.call(statement.name(), () -> client.statementExecution().executeStatement(request(statement)));
        } catch (WorkspacePermissionException e) {
            throw new StatementFailedException(Kind.NO_WAREHOUSE_ACCESS, "The advisor may not use SQL warehouse " + warehouseId
                    + " (" + Optional.ofNullable(e.getCause()).map(Throwable::getMessage).orElse(e.getMessage())
                    + "): grant its identity CAN USE on the warehouse.");
        }
    }

    private ExecuteStatementRequest request(Statement statement) {
        return new ExecuteStatementRequest().setWarehouseId(warehouseId).setStatement(statement.sql())
                .setParameters(statement.parameters().stream().map(p -> new StatementParameterListItem()
                        .setName(p.name()).setValue(p.value()).setType(p.type())).toList())
                .setRowLimit(statement.rowLimit()).setByteLimit(statement.byteLimit())
                .setWaitTimeout(SERVER_WAIT).setOnWaitTimeout(ExecuteStatementRequestOnWaitTimeout.CONTINUE)
                .setDisposition(Disposition.INLINE).setFormat(Format.JSON_ARRAY);
    }

    private static boolean isRunning(StatementResponse response) {
        StatementState state = response.getStatus().getState();
        return state == StatementState.PENDING || state == StatementState.RUNNING;
    }

    private void requireSucceeded(String what, StatementResponse response) {
        StatementState state = response.getStatus().getState();
        if (state != StatementState.SUCCEEDED) {
            String reason = Optional.ofNullable(response.getStatus().getError()).map(e -> e.getMessage()).orElse("no reason given");
            throw new StatementFailedException(StatementFailedException.kindOf(reason), capitalized(what) + " ended " + state
                    + " on SQL warehouse " + warehouseId + ": " + reason);
        }
    }

    /** The first chunk comes with the statement; the rest are fetched by {@code next_chunk_index}. */
    private List<List<String>> rows(String what, StatementResponse response) {
        List<List<String>> rows = new ArrayList<>();
        ResultData chunk = response.getResult();
        while (chunk != null) {
            // Not List.copyOf: a SQL NULL arrives as a null value.
            Optional.ofNullable(chunk.getDataArray()).orElse(List.of()).forEach(row -> rows.add(Collections.unmodifiableList(new ArrayList<>(row))));
            Long next = chunk.getNextChunkIndex();
            String id = response.getStatementId();
            chunk = next == null ? null : SdkCalls.call(what, () -> client.statementExecution().getStatementResultChunkN(id, next));
        }
        return rows;
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StatementFailedException("Interrupted while waiting for a statement");
        }
    }
}
