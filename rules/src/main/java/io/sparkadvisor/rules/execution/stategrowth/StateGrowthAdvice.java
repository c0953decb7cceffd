package io.sparkadvisor.rules.execution.stategrowth;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.streaming.Checkpoint;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A watermark (or a bounded key space) in the query's code first; for a state already large on the heap, the RocksDB
 * state store too, which only a new checkpoint takes (the checkpoint pins the provider). It saves no compute today: it
 * is what keeps the always-on query from running out of memory, so the finding says what is at risk.
 */
final class StateGrowthAdvice {
    static final String DATABRICKS_ROCKSDB = "com.databricks.sql.streaming.state.RocksDBStateStoreProvider";
    static final String SPARK_ROCKSDB = "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider";

    private StateGrowthAdvice() {}

    static Remedy remedy(StateGrowthEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("operators", String.join(", ", e.operators()));
        scope.put("batches", e.batches());
        scope.put("growingShare", Format.percent(e.growingShare()));
        scope.put("rowsFirst", e.rowsFirst());
        scope.put("rowsLast", e.rowsLast());
        scope.put("memoryFirst", Format.bytes(e.memoryFirstBytes()));
        scope.put("memoryLast", Format.bytes(e.memoryLastBytes()));
        scope.put("rowsRemoved", e.rowsRemoved());
        scope.put("rowsPerHour", Math.round(e.rowsPerHour()));
        scope.put("memoryPerHour", Format.bytes(Math.round(e.memoryBytesPerHour())));
        scope.put("weekRows", e.weekRows());
        scope.put("weekMemory", Format.bytes(e.weekMemoryBytes()));
        scope.put("watermark", e.watermark());
        scope.put("provider", e.databricks() ? DATABRICKS_ROCKSDB : SPARK_ROCKSDB);
        scope.put("providerKey", Checkpoint.PROVIDER_KEY);
        Messages m = Messages.of(StateGrowthRule.ID, scope, t);
        List<Step> steps = new ArrayList<>(List.of(new Step(1, List.of(Change.code(m.text("boundChange"),
                m.text("snippet"))), m.list("boundChecks"),
                m.text("boundRollback"), List.of())));
        if (d.kind() == StateGrowthRule.Store.ROCKSDB) {
            steps.add(new Step(2, List.of(Change.manual(m.text("storeChange"), m.text("storeInstruction"))),
                    m.list("storeChecks"), m.text("storeRollback"), List.of()));
        }
        return Remedy.of(m, d.kind() == StateGrowthRule.Store.ROCKSDB ? "summaryRocksDb" : "summary", steps, Savings.NONE)
                .atRisk(m.text("risk"));
    }
}
