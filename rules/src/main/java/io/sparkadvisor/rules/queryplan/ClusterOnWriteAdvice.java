package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster-on-write recommendation (seed 004): write the rows as they come, a map-only write
 * with no shuffle, and let the table cluster itself afterwards on the same columns
 * ({@code ALTER TABLE ... CLUSTER BY}, then {@code OPTIMIZE}), outside the job's critical path.
 */
public final class ClusterOnWriteAdvice {
    public static final String RULE = "cluster-on-write";

    private ClusterOnWriteAdvice() {}

    public static Finding finding(ClusterOnWriteEvidence e, Severity severity) {
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
        Messages m = Messages.of(RULE, scope);

        Step step = new Step(1, List.of(
                Change.code("write without the clustering shuffle", m.text("rawWriteSnippet")),
                Change.table("cluster the table by " + columns, m.text("clusterBy")),
                Change.table("cluster the written files", m.text("optimize"))),
                m.list("checks"), m.text("rollback"));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("writeCommand", e.writeCommand());
        evidence.put("location", e.location());
        evidence.put("partitioning", e.partitioning());
        evidence.put("clusteringColumns", e.clusteringColumns());
        evidence.put("numPartitions", e.numPartitions());
        evidence.put("shuffleBytes", e.shuffleBytes());
        evidence.put("shuffleWriteTimeMs", e.shuffleWriteTimeMs());
        evidence.put("sortTimeMs", e.sortTimeMs());
        evidence.put("samplingTaskMs", e.samplingTaskMs());
        evidence.put("fetchWaitMs", e.fetchWaitMs());
        evidence.put("attributedTaskMs", e.attributedTaskMs());
        evidence.put("stagesWallMs", e.stagesWallMs());
        evidence.put("rowsWritten", e.rowsWritten());
        evidence.put("bytesWritten", e.bytesWritten());

        return new Finding(RULE, Layer.QUERY_PLAN, severity, m.text("title"), e.stageIds(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(step), m.text("proof"),
                        m.text("experiment")),
                new Savings(e.attributedWallMs(), Format.round(e.attributedTaskMs() / 3_600_000.0)));
    }
}
