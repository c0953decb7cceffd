package io.sparkadvisor.rules.dataaccess.broadlisting;

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
 * The broad-listing recommendation: read the exact partition paths the filter pins (keeping the
 * root as basePath so the partition columns stay), and, for filters that pin no single path, a
 * table whose partitions the catalog knows, so pruning happens without listing the whole root.
 * A Delta table's files come from its transaction log, not from listing folders: reading a partition
 * folder or a Parquet table over it would bypass the log, so its remedy is Delta's own (compact the
 * files the snapshot tracks, through the table). On a Delta table predictive optimization maintains, Databricks runs that
 * OPTIMIZE itself: the step left is the writers' auto compaction, and the summary says when OPTIMIZE last ran.
 */
final class BroadListingAdvice {
    private BroadListingAdvice() {}

    static Remedy remedy(BroadListingEvidence e, Diagnosis d, Thresholds t) {
        List<String> paths = e.exactPaths();
        Map<String, Object> scope = new HashMap<>();
        scope.put("root", e.location());
        scope.put("firstRoot", e.deltaTable() ? e.deltaRoot() : e.locations().isEmpty() ? "<root>" : e.locations().get(0));
        scope.put("format", e.deltaTable() ? "delta" : e.format().trim().toLowerCase());
        scope.put("filters", e.partitionFilters());
        scope.put("partitionsRead", e.partitionsRead());
        scope.put("files", e.filesRead());
        scope.put("discovery", Format.duration(e.discoveryMs()));
        scope.put("metadata", Format.duration(e.metadataTimeMs()));
        scope.put("planning", Format.duration(e.planningMs()));
        scope.put("listing", Format.duration(e.listingMs()));
        scope.put("scanWall", Format.duration(e.scanWallMs()));
        scope.put("share", Format.percent(e.discoveryShare()));
        scope.put("paths", String.join(", ", paths));
        scope.put("quotedPaths", String.join("\", \"", paths));
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        Messages m = Messages.of(BroadListingRule.ID, scope, t);

        // The driver lists while the executors wait: every slot is idle for the discovery time.
        Savings savings = Savings.slotTime(e.discoveryMs(), e.slots());
        if (e.deltaTable() && e.predictiveOptimization()) {
            return Remedy.of(m, "summaryDeltaPredictive", List.of(), List.of(new Step(1,
                    List.of(Change.table(m.text("autoCompactChange"), m.text("autoCompactSnippet"))), m.list("predictiveChecks"),
                    m.text("rollbackWriter"))), savings);
        }
        if (e.deltaTable()) {
            return Remedy.of(m, "summaryDelta", m.list("deltaPreconditions"), List.of(new Step(1,
                    List.of(Change.table(m.text("deltaChange"), m.text("deltaSnippet"))), m.list("tableChecks"), m.text("rollback"))),
                    savings);
        }
        List<Step> steps = new ArrayList<>();
        if (!paths.isEmpty()) {
            steps.add(new Step(1, List.of(Change.code(m.text("exactPathChange"), m.text("exactPathSnippet"))),
                    m.list("exactPathChecks"), m.text("rollback")));
        }
        steps.add(new Step(steps.size() + 1, List.of(Change.table(m.text("tableChange"), m.text("tableSnippet"))),
                m.list("tableChecks"), m.text("rollback")));

        return Remedy.of(m, paths.isEmpty() ? "summaryTable" : "summaryPaths", steps, savings);
    }
}
