package io.sparkadvisor.rules.execution.laterows;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A longer watermark delay in the query's code, or the loss accepted knowingly: a correctness matter, so it saves
 * nothing and says what is at risk (the rows the results miss, per hour and per week).
 */
final class LateRowsAdvice {
    private LateRowsAdvice() {}

    static Remedy remedy(LateRowsEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("batches", e.batches());
        scope.put("input", e.inputRows());
        scope.put("dropped", e.droppedRows());
        scope.put("droppedShare", Format.percent(e.droppedShare()));
        scope.put("perHour", Math.round(e.droppedPerHour()));
        scope.put("perWeek", Math.round(e.droppedPerWeek()));
        Messages m = Messages.of(LateRowsRule.ID, scope, t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"),
                List.of());
        return Remedy.of(m, "summary", List.of(step), Savings.NONE).atRisk(m.text("risk"));
    }
}
