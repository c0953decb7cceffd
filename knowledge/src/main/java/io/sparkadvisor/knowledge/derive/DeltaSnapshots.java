package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How many live data files a scanned Delta table holds, so that what data skipping kept can be told.
 * Databricks counts the files it skipped on the scan itself ({@code number of files pruned}).
 * Open-source Delta filters files in a SQL execution of its own ("Delta: Filtering files for
 * query") over the snapshot's files with their statistics, a plan node named
 * {@code Scan ExistingRDD Delta Table State with Stats #0 - file:/t/_delta_log} whose output rows
 * are the table's live files.
 */
public final class DeltaSnapshots {
    private static final String FILES_PRUNED = "number of files pruned";
    private static final String STATE_WITH_STATS = "Scan ExistingRDD Delta Table State with Stats";

    private DeltaSnapshots() {}

    /**
     * The live data files of the Delta table {@code scan} (of execution {@code sql}) read, when the run shows them;
     * from open-source Delta's file filtering, the largest count when the run filtered several snapshots of the
     * table (node names do not say which version each was).
     */
    public static OptionalLong tableFiles(List<SqlExecutionFacts> executions, SqlExecutionFacts sql, ScanFacts scan) {
        Optional<Long> pruned = sql.node(scan.nodeId()).flatMap(n -> n.metric(FILES_PRUNED));
        if (pruned.isPresent()) {
            return OptionalLong.of(scan.filesRead() + pruned.get());
        }
        if (scan.locations().isEmpty()) {
            return OptionalLong.empty();
        }
        String log = normalise(scan.locations().get(0)) + "/_delta_log";
        return executions.stream().flatMap(e -> e.nodes().stream())
                .filter(n -> n.name().startsWith(STATE_WITH_STATS) && normalise(n.name()).endsWith(" - " + log))
                .map(PlanNode::outputRows).flatMap(Optional::stream).mapToLong(Long::longValue).max();
    }

    /** {@code file:///t} and {@code file:/t} are one path: a read by path and a read by name print them differently. */
    private static String normalise(String path) {
        return path.replace("file:///", "file:/").replaceFirst("/+$", "");
    }
}
