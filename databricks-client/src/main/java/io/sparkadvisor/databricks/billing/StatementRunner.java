package io.sparkadvisor.databricks.billing;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.CancelExecutionRequest;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.Disposition;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequestOnWaitTimeout;
import com.databricks.sdk.service.sql.Format;
import com.databricks.sdk.service.sql.ResultData;
import com.databricks.sdk.service.sql.StatementParameterListItem;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import io.sparkadvisor.databricks.SdkCalls;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Runs SQL on a SQL warehouse through the Statement Execution API: submit and wait up to
 * {@link #SERVER_WAIT} on the server, then poll with backoff while PENDING/RUNNING, cancel when the
 * deadline passes, and page through inline result chunks.
 */
public final class StatementRunner implements QueryRunner {
    /** The longest the API lets a submit block (5 to 50 s); past it we poll instead. */
    static final String SERVER_WAIT = "10s";
    private static final Duration FIRST_POLL = Duration.ofMillis(100);
    private static final Duration LONGEST_POLL = Duration.ofSeconds(5);

    private final WorkspaceClient client;
    private final String warehouseId;
    private final Duration timeout;

    public StatementRunner(WorkspaceClient client, String warehouseId, Duration timeout) {
        this.client = client;
        this.warehouseId = warehouseId;
        this.timeout = timeout;
    }

    @Override
    public QueryResult run(BillingQuery query) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String what = "billing query " + query.name();
        StatementResponse response = SdkCalls.call(what, () -> client.statementExecution().executeStatement(request(query)));
        Duration pause = FIRST_POLL;
        while (isRunning(response)) {
            if (System.nanoTime() + pause.toNanos() > deadline) {
                String id = response.getStatementId();
                SdkCalls.run(what, () -> client.statementExecution().cancelExecution(new CancelExecutionRequest().setStatementId(id)));
                throw new StatementFailedException("Billing query " + query.name() + " did not finish within " + timeout.toSeconds()
                        + " s on SQL warehouse " + warehouseId + " and was cancelled. Is the warehouse starting or overloaded?");
            }
            sleep(pause);
            pause = pause.multipliedBy(2).compareTo(LONGEST_POLL) > 0 ? LONGEST_POLL : pause.multipliedBy(2);
            String id = response.getStatementId();
            response = SdkCalls.call(what, () -> client.statementExecution().getStatement(id));
        }
        requireSucceeded(query, response);
        return new QueryResult(columns(response), rows(what, response));
    }

    private ExecuteStatementRequest request(BillingQuery query) {
        return new ExecuteStatementRequest().setWarehouseId(warehouseId).setStatement(query.sql())
                .setParameters(query.parameters().stream().map(p -> new StatementParameterListItem()
                        .setName(p.name()).setValue(p.value()).setType(p.type())).toList())
                .setWaitTimeout(SERVER_WAIT).setOnWaitTimeout(ExecuteStatementRequestOnWaitTimeout.CONTINUE)
                .setDisposition(Disposition.INLINE).setFormat(Format.JSON_ARRAY);
    }

    private static boolean isRunning(StatementResponse response) {
        StatementState state = response.getStatus().getState();
        return state == StatementState.PENDING || state == StatementState.RUNNING;
    }

    private void requireSucceeded(BillingQuery query, StatementResponse response) {
        StatementState state = response.getStatus().getState();
        if (state != StatementState.SUCCEEDED) {
            String reason = Optional.ofNullable(response.getStatus().getError()).map(e -> e.getMessage()).orElse("no reason given");
            throw new StatementFailedException("Billing query " + query.name() + " ended " + state + " on SQL warehouse "
                    + warehouseId + ": " + reason);
        }
    }

    private static List<String> columns(StatementResponse response) {
        return Optional.ofNullable(response.getManifest()).map(m -> m.getSchema()).map(s -> s.getColumns())
                .orElse(List.of()).stream().map(ColumnInfo::getName).toList();
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

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StatementFailedException("Interrupted while waiting for a billing query");
        }
    }
}
