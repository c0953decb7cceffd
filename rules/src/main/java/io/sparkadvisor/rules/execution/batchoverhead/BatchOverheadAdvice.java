package io.sparkadvisor.rules.execution.batchoverhead;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A longer processing-time trigger in the query's code (or Trigger.AvailableNow on a schedule, said in the summary):
 * the job owner's change, so no automatic check. The saving on the run is the bookkeeping the longer interval no longer
 * pays, over the time the log saw the query.
 */
final class BatchOverheadAdvice {
    private BatchOverheadAdvice() {}

    static Remedy remedy(BatchOverheadEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>(e.cluster().words(e.savedShare()));
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("batches", e.batches());
        scope.put("rowsPerBatch", e.rowsPerBatch());
        scope.put("bookkeeping", Format.duration(e.bookkeepingMsPerBatch()));
        scope.put("batchTime", Format.duration(e.triggerExecutionMsPerBatch()));
        scope.put("bookkeepingShare", Format.percent(e.bookkeepingShare()));
        scope.put("wallShare", Format.percent(e.wallShare()));
        scope.put("interval", Format.duration(e.intervalMs()));
        scope.put("trigger", Format.duration(e.proposedTriggerMs()));
        scope.put("triggerSeconds", e.proposedTriggerMs() / 1000);
        scope.put("savedShare", Format.percent(e.savedShare()));
        Messages m = Messages.of(BatchOverheadRule.ID, scope, t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"),
                List.of());
        return Remedy.of(m, "summary", List.of(step), e.cluster().savingsOnRun(e.savedShare()));
    }
}
