package io.sparkadvisor.rules.dataaccess.sourceparallelism;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * minPartitions on the Kafka source, one task per slot: a code change, so the step is the job owner's and carries
 * no automatic check. The saving counted on the run is the idle core time of the log's span, said to be the most.
 */
final class SourceParallelismAdvice {
    private SourceParallelismAdvice() {}

    static Remedy remedy(SourceParallelismEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("source", e.source());
        scope.put("partitions", e.kafkaPartitions());
        scope.put("slots", e.slots());
        scope.put("minPartitions", e.minPartitions());
        scope.put("batches", e.batches());
        scope.put("busyShare", Format.percent(e.busyShare()));
        scope.put("idleCoreHoursPerHour", Format.decimals(e.idleCoreHoursPerHour(), 2));
        scope.put("idleCoreHoursPerWeek", Format.decimals(e.idleCoreHoursPerWeek(), 1));
        scope.put("priced", e.dollarsPerHour() > 0);
        scope.put("dollarsPerHour", String.format(Locale.ROOT, "$%.2f", e.dollarsPerHour()));
        scope.put("dollarsPerWeek", String.format(Locale.ROOT, "$%.0f", e.dollarsPerWeek()));
        Messages m = Messages.of(SourceParallelismRule.ID, scope, t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"),
                List.of());
        return Remedy.of(m, "summary", List.of(step), e.cluster().savingsOnRun(e.idleShare()).upTo());
    }
}
