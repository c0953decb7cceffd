package io.sparkadvisor.rules.queryplan.clusteronwrite;

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
 * The cluster-on-write recommendation: write the rows as they come, a map-only write with no
 * shuffle, and let the table cluster itself afterwards on the same columns
 * ({@code ALTER TABLE ... CLUSTER BY}, then {@code OPTIMIZE}), outside the job's critical path. On a table predictive
 * optimization maintains, Databricks runs that OPTIMIZE itself: no OPTIMIZE change, and the summary says when it last ran.
 */
final class ClusterOnWriteAdvice {
    private ClusterOnWriteAdvice() {}

    static Remedy remedy(ClusterOnWriteEvidence e, Diagnosis d, Thresholds t) {
        String columns = String.join(", ", e.clusteringColumns());
        boolean range = e.partitioning().equals("rangepartitioning");
        Map<String, Object> scope = new HashMap<>();
        scope.put("columns", columns);
        scope.put("table", "delta.`" + e.location() + "`");
        scope.put("location", e.location());
        scope.put("shuffled", Format.bytes(e.shuffleBytes()));
        scope.put("sort", Format.duration(e.sortTimeMs()));
        scope.put("shuffleWrite", Format.duration(e.shuffleWriteTimeMs()));
        scope.put("sampling", Format.duration(e.samplingTaskMs()));
        scope.put("attributed", Format.duration(e.attributedTaskMs()));
        scope.put("saved", Format.duration(e.attributedWallMs()));
        scope.put("stages", e.stageIds().toString());
        scope.put("repartition", range ? "repartitionByRange" : "repartition");
        scope.put("partitions", e.numPartitions());
        scope.put("range", range);
        scope.put("scheme", e.partitioning());
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        Messages m = Messages.of(ClusterOnWriteRule.ID, scope, t);

        List<Change> changes = new ArrayList<>(List.of(Change.code(m.text("rawWriteChange"), m.text("rawWriteSnippet")),
                Change.table(m.text("clusterByChange"), m.text("clusterBy"))));
        if (!e.predictiveOptimization()) {
            changes.add(Change.table(m.text("optimizeChange"), m.text("optimize")));
        }
        Step step = new Step(1, changes, m.list(e.predictiveOptimization() ? "checksPredictive" : "checks"), m.text("rollback"));
        return Remedy.of(m, e.predictiveOptimization() ? "summaryPredictive" : "summary", List.of(step),
                Savings.of(e.attributedWallMs(), e.attributedTaskMs()));
    }
}
