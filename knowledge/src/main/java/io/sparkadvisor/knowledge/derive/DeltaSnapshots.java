package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import java.util.List;
import java.util.OptionalLong;

/**
 * What open-source Delta's own queries tell about a table. Before data skipping, Delta runs a SQL
 * execution ("Delta: Filtering files for query") over the snapshot's files with their statistics, a
 * plan node named {@code Scan ExistingRDD Delta Table State with Stats #0 - file:/t/_delta_log}
 * whose output rows are the table's live data files. Databricks filters files differently, without
 * that node, so there the count is unknown.
 */
public final class DeltaSnapshots {
    private static final String STATE_WITH_STATS = "Scan ExistingRDD Delta Table State with Stats";

    private DeltaSnapshots() {}

    /**
     * The live data files of the Delta table at {@code location} (as a scan names it), when the run shows them; the
     * largest count when the run filtered several snapshots of it (node names do not say which version each was).
     */
    public static OptionalLong tableFiles(List<SqlExecutionFacts> executions, String location) {
        String log = normalise(location) + "/_delta_log";
        return executions.stream().flatMap(e -> e.nodes().stream())
                .filter(n -> n.name().startsWith(STATE_WITH_STATS) && normalise(n.name()).endsWith(" - " + log))
                .map(PlanNode::outputRows).flatMap(o -> o.stream()).mapToLong(Long::longValue).max();
    }

    /** {@code file:///t} and {@code file:/t} are one path: a read by path and a read by name print them differently. */
    private static String normalise(String path) {
        return path.replace("file:///", "file:/").replaceFirst("/+$", "");
    }
}
