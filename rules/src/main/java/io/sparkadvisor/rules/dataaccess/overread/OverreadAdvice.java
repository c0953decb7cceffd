package io.sparkadvisor.rules.dataaccess.overread;

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
import java.util.Locale;
import java.util.Map;

/**
 * The overread recommendation: first make the filter one the scan can take (a built-in predicate
 * on the named columns instead of a UDF or an expression the source cannot evaluate), then lay the
 * data out so the pushed filter can skip files and row groups (for Delta, liquid clustering where the runtime has it,
 * else Z-order; sorted files otherwise). On a Delta table predictive optimization maintains, Databricks runs OPTIMIZE
 * itself: the layout is CLUSTER BY alone (which it then keeps) where the runtime has liquid clustering, and nothing
 * otherwise (ZORDER is an OPTIMIZE); the summary says when OPTIMIZE last ran.
 */
final class OverreadAdvice {
    private OverreadAdvice() {}

    static Remedy remedy(OverreadEvidence e, Diagnosis d, Thresholds t) {
        String columns = e.unpushedColumns().isEmpty() ? "<filter columns>" : String.join(", ", e.unpushedColumns());
        boolean delta = e.deltaTable() || e.format().toLowerCase(Locale.ROOT).contains("delta");
        boolean maintained = delta && e.predictiveOptimization();
        Map<String, Object> scope = new HashMap<>();
        scope.put("location", e.location());
        scope.put("bytes", Format.bytes(e.bytesRead()));
        scope.put("rowsScanned", e.rowsScanned());
        scope.put("rowsKept", e.rowsKept());
        scope.put("share", String.format(Locale.ROOT, "%.4f%%", e.keptShare() * 100));
        scope.put("condition", e.filterCondition());
        scope.put("columns", columns);
        scope.put("firstColumn", e.unpushedColumns().isEmpty() ? "<column>" : e.unpushedColumns().get(0));
        scope.put("udf", e.filterCondition().contains("UDF"));
        scope.put("pushed", e.pushedFilters());
        scope.put("columnsRead", e.columnsRead());
        scope.put("scanWall", Format.duration(e.scanWallMs()));
        scope.put("liquid", e.liquidClustering());
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        Messages m = Messages.of(OverreadRule.ID, scope, t);

        Step pushDown = new Step(1, List.of(Change.code(m.text("pushChange"), m.text("pushSnippet"))),
                m.list("pushChecks"), m.text("rollback"));
        Change clusterBy = Change.table(m.text("clusterByChange"), m.text("clusterBy"));
        List<Change> layout = !delta ? List.of(Change.code(m.text("sortChange"), m.text("sortSnippet")))
                : maintained ? (e.liquidClustering() ? List.of(clusterBy) : List.of())
                : e.liquidClustering() ? List.of(clusterBy, Change.table(m.text("optimizeChange"), m.text("optimize")))
                : List.of(Change.table(m.text("zorderChange"), m.text("zorder")));
        List<Step> steps = new ArrayList<>(List.of(pushDown));
        if (!layout.isEmpty()) {
            steps.add(new Step(2, layout, m.list(maintained ? "predictiveChecks" : "layoutChecks"), m.text("rollback")));
        }

        // An upper bound: a filter that skips everything it discards saves all but the kept share of the scan.
        double discarded = 1 - e.keptShare();
        return Remedy.of(m, maintained ? "summaryPredictive" : "summary", steps,
                Savings.of((long) (e.scanWallMs() * discarded), e.scanTaskMs() * discarded));
    }
}
