package io.sparkadvisor.rules.infrastructure.idlealwayson;

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
 * Trigger.AvailableNow in the code and a schedule instead of a continuous job: both the job owner's, so no automatic
 * check. The saving assumes the whole idle time goes away but each run's cluster start: the most a schedule saves.
 */
final class IdleAlwaysOnAdvice {
    private IdleAlwaysOnAdvice() {}

    static Remedy remedy(IdleAlwaysOnEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>(e.cluster().words(e.savedShare()));
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("continuousJob", e.continuousJob());
        scope.put("triggers", e.triggers());
        scope.put("batches", e.batches());
        scope.put("idle", e.idleEvents() + e.emptyBatches());
        scope.put("idleShare", Format.percent(e.idleShare()));
        scope.put("busyShare", Format.percent(e.busyShare()));
        scope.put("savedShare", Format.percent(e.savedShare()));
        scope.put("scheduleMinutes", Math.round(t.get(IdleAlwaysOnRule.SCHEDULE_MINUTES)));
        scope.put("startMinutes", Math.round(t.get(IdleAlwaysOnRule.CLUSTER_START_MINUTES)));
        scope.put("alwaysOnCoreHoursPerWeek", Format.decimals(e.alwaysOnCoreHoursPerWeek(), 1));
        scope.put("alwaysOnDollarsPerWeek", String.format(Locale.ROOT, "$%.0f", e.alwaysOnDollarsPerWeek()));
        Messages m = Messages.of(IdleAlwaysOnRule.ID, scope, t);
        Step step = new Step(1, List.of(Change.code(m.text("triggerChange"), m.text("triggerSnippet")),
                Change.manual(m.text("scheduleChange"), m.text("scheduleInstruction"))), m.list("checks"), m.text("rollback"),
                List.of());
        return Remedy.of(m, "summary", List.of(step), e.cluster().savingsOnRun(e.savedShare()).upTo());
    }
}
