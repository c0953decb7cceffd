package io.sparkadvisor.rules.dataaccess.deltalayout;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The delta-file-layout recommendation, every step a statement for people to run (the bot applies
 * job settings, not DDL): lay the table out once (liquid clustering on the filter columns where the
 * runtime has it, else OPTIMIZE with ZORDER BY them, or plain OPTIMIZE without filter columns),
 * then let Delta keep its files large on every write (the auto-optimize table properties), and,
 * for a path read, read the table by its name so the catalog's table and its layout are the ones used. On a table that
 * predictive optimization maintains, Databricks runs OPTIMIZE itself: no OPTIMIZE step, the summary says when it last
 * ran, and the layout step is liquid clustering alone (which predictive optimization then keeps), where the runtime has it.
 */
final class DeltaFileLayoutAdvice {
    private DeltaFileLayoutAdvice() {}

    static Remedy remedy(DeltaFileLayoutEvidence e, Diagnosis d, Thresholds t) {
        boolean columns = !e.filterColumns().isEmpty();
        boolean liquid = e.liquidClustering() && columns;
        Map<String, Object> scope = new HashMap<>();
        scope.put("tableRef", e.pathRead() ? "delta.`" + e.location() + "`" : e.table());
        scope.put("location", e.location());
        scope.put("columns", String.join(", ", e.filterColumns()));
        scope.put("zorder", columns);
        scope.put("files", e.files());
        scope.put("skipping", e.tableFiles() > 0);
        scope.put("tableFiles", e.tableFiles());
        scope.put("kept", Format.percent(e.keptShare()));
        scope.put("bytes", Format.bytes(e.bytesRead()));
        scope.put("avg", Format.bytes(e.avgFileBytes()));
        scope.put("target", Format.bytes(e.targetFileBytes()));
        scope.put("compacted", e.compactedFiles());
        scope.put("tasksObserved", e.tasksObserved());
        scope.put("tasksIfCompacted", e.tasksIfCompacted());
        scope.put("scanTask", Format.duration(e.scanTaskMs()));
        scope.put("saved", Format.duration(e.savedWallMs()));
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        Messages m = Messages.of(DeltaFileLayoutRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        if (!e.predictiveOptimization()) {
            List<Change> layout = liquid
                    ? List.of(Change.table(m.text("clusterByChange"), m.text("clusterBy")),
                            Change.table(m.text("optimizeChange"), m.text("optimize")))
                    : List.of(Change.table(m.text("optimizeChange"), m.text(columns ? "optimizeZorder" : "optimize")));
            steps.add(new Step(1, layout, m.list("checksLayout"), m.text("rollbackLayout")));
        } else if (liquid) {
            steps.add(new Step(1, List.of(Change.table(m.text("clusterByChange"), m.text("clusterBy"))), m.list("checksPredictive"),
                    m.text("rollbackPredictive")));
        }
        steps.add(new Step(steps.size() + 1, List.of(Change.table(m.text("autoOptimizeChange"), m.text("autoOptimize"))),
                m.list("checksWriter"), m.text("rollbackWriter")));
        if (e.pathRead()) {
            steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("byNameChange"), m.text("byName"))), m.list("checksByName"),
                    m.text("rollbackByName")));
        }
        List<String> preconditions = new ArrayList<>(m.list("preconditions"));
        if (liquid) {
            preconditions.addAll(m.list("preconditionsLiquid"));
        }
        String summary = e.predictiveOptimization() ? (liquid ? "summaryPredictiveLiquid" : "summaryPredictive")
                : liquid ? "summaryLiquid" : "summary";
        return Remedy.of(m, summary, preconditions, steps,
                Savings.of(e.savedWallMs(), (double) e.savedTaskMs()));
    }
}
