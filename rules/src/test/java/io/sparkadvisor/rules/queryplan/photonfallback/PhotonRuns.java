package io.sparkadvisor.rules.queryplan.photonfallback;

import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.PhotonExplanation;
import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The real Databricks Photon run (DBR 13.3, TPC-DS q88, whose final plan Photon ran whole) with one Photon operator
 * of its final plan replaced by the Spark operator a fallback leaves there, and the explanation DBR writes for it:
 * the stages, task times and row counts stay the log's. No real Photon log with a fallback is public (see
 * corpus/external/README.md).
 */
public final class PhotonRuns {
    static final RunFacts Q88 = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/nds_q88_photon_db_13_3.zstd"));
    private static final long EXECUTION = 26;
    /** A column of q88's store_sales (the Photon nodes' one-line forms name no columns). */
    private static final String ATTRIBUTE = "ss_sold_time_sk#817";

    private PhotonRuns() {}

    /** One of each cause, for the message rendering test. */
    public static List<RunFacts> eachCause() {
        PlanNode project = heaviest("PhotonProject");
        PlanNode join = heaviest("PhotonBroadcastHashJoin");
        PlanNode scan = heaviest("PhotonScan parquet ");
        return List.of(withUdf(project), withSortMergeJoin(join),
                withSparkOperator(scan, "Scan csv [ss_sold_time_sk#1]", explanation("Scan csv [ss_sold_time_sk#1]",
                        "Unsupported node: Scan csv [ss_sold_time_sk#1].")),
                withSparkOperator(project, "Project [pivotfirst(x#1) AS y#2]", explanation("Project [pivotfirst(x#1) AS y#2]",
                        "pivotfirst(x#1) is not supported:", "Unsupported aggregation function pivotfirst.")));
    }

    static RunFacts withUdf(PlanNode project) {
        String udf = udfProject();
        return withSparkOperator(project, udf, explanation(udf, "UDF(" + ATTRIBUTE + ") is not supported:",
                "The expression `scalaudf` is currently unimplemented."));
    }

    static String udfProject() {
        return "Project [UDF(" + ATTRIBUTE + ") AS bucket#9001]";
    }

    static RunFacts withSortMergeJoin(PlanNode join) {
        String smj = "SortMergeJoin [ss_hdemo_sk#1], [hd_demo_sk#2], Inner";
        return withSparkOperator(join, smj, explanation(smj, "Unsupported node: " + smj + "."));
    }

    /** The Photon operator of q88's final plan whose stages took the most task time. */
    static PlanNode heaviest(String name) {
        return Q88.sqlExecution(EXECUTION).orElseThrow().nodes().stream().filter(n -> n.name().equals(name))
                .filter(n -> !n.stageIds().isEmpty()).max(Comparator.comparingLong(n -> taskMs(n.stageIds()))).orElseThrow();
    }

    static long taskMs(List<Integer> stageIds) {
        return Q88.stages().stream().filter(s -> stageIds.contains(s.stageId()))
                .mapToLong(s -> s.sum(TaskMetric.EXECUTOR_RUN_TIME)).sum();
    }

    private static Optional<PhotonExplanation> explanation(String reference, String... reasons) {
        return PhotonExplanation.in("== Photon Explanation ==\nPhoton does not fully support the query because:\n\t"
                + String.join("\n\t\t", reasons) + "\nReference node:\n\t" + reference + "\n");
    }

    /** q88 with one Photon operator replaced by a Spark one of this one-line form: its metrics and stages kept. */
    static RunFacts withSparkOperator(PlanNode photon, String oneLine, Optional<PhotonExplanation> explanation) {
        SqlExecutionFacts real = Q88.sqlExecution(EXECUTION).orElseThrow();
        List<PlanNode> nodes = new ArrayList<>(real.nodes());
        String name = oneLine.startsWith("Scan ") ? oneLine.split(" \\[", 2)[0] : oneLine.split(" ", 2)[0];
        nodes.set(photon.id(), new PlanNode(photon.id(), photon.parentId(), name, oneLine, photon.metrics(),
                photon.metadata(), photon.stageIds()));
        SqlExecutionFacts sql = new SqlExecutionFacts(real.executionId(), real.description(), real.startMs(), real.endMs(),
                nodes, real.jobIds(), real.stageIds(), real.scans(), real.exchanges(), real.writes(),
                PhotonFallback.of(nodes, explanation));
        List<SqlExecutionFacts> executions = Q88.sqlExecutions().stream()
                .map(e -> e.executionId() == EXECUTION ? sql : e).toList();
        return new RunFacts(Q88.application(), Q88.coverage(), Q88.properties(), Q88.executors(), Q88.jobs(), Q88.stages(),
                Q88.failures(), Q88.slots(), Q88.timeline(), executions, Q88.cluster());
    }
}
