package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broad-listing recommendation: read the exact partition paths the filter pins (keeping the
 * root as basePath so the partition columns stay), and, for filters that pin no single path, a
 * table whose partitions the catalog knows, so pruning happens without listing the whole root.
 */
public final class BroadListingAdvice {
    public static final String RULE = "broad-listing";

    private BroadListingAdvice() {}

    public static Finding finding(BroadListingEvidence e, Severity severity) {
        List<String> paths = e.exactPaths();
        Map<String, Object> scope = new HashMap<>();
        scope.put("root", String.join(", ", e.locations()));
        scope.put("firstRoot", e.locations().isEmpty() ? "<root>" : e.locations().get(0));
        scope.put("format", e.format().trim().toLowerCase());
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
        Messages m = Messages.of(RULE, scope);

        List<Step> steps = new ArrayList<>();
        if (!paths.isEmpty()) {
            steps.add(new Step(1, List.of(Change.code("read " + String.join(", ", paths), m.text("exactPathSnippet"))),
                    m.list("exactPathChecks"), m.text("rollback")));
        }
        steps.add(new Step(steps.size() + 1, List.of(Change.table("a table over " + scope.get("firstRoot"), m.text("tableSnippet"))),
                m.list("tableChecks"), m.text("rollback")));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("location", String.join(", ", e.locations()));
        evidence.put("format", e.format());
        evidence.put("partitionFilters", e.partitionFilters());
        evidence.put("partitionsRead", e.partitionsRead());
        evidence.put("filesRead", e.filesRead());
        evidence.put("metadataTimeMs", e.metadataTimeMs());
        evidence.put("planningMs", e.planningMs());
        evidence.put("listingMs", e.listingMs());
        evidence.put("discoveryMs", e.discoveryMs());
        evidence.put("scanWallMs", e.scanWallMs());
        evidence.put("discoveryShare", Format.round(e.discoveryShare()));
        evidence.put("exactPaths", paths);

        // The driver lists while the executors wait: every slot is idle for the discovery time.
        return new Finding(RULE, Layer.DATA_ACCESS, severity, m.text("title"), e.stageIds(), evidence,
                new Recommendation(m.text(paths.isEmpty() ? "summaryTable" : "summaryPaths"), m.list("preconditions"),
                        steps, m.text("proof"), m.text("experiment")),
                new Savings(e.discoveryMs(), Format.round(e.discoveryMs() * (double) e.slots() / 3_600_000)));
    }
}
