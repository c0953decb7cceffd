package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.PhotonExplanation;
import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Operators outside Photon in a Photon plan. The real Photon log's final plan runs wholly in Photon
 * ({@link PlatformsTest}); this plan has the shape of a Photon fallback: a Python UDF (a Spark
 * operator) between a Photon scan and Photon aggregation, with the row/columnar transitions around it.
 */
class PhotonFallbackTest {
    @Test
    void sparkOperatorsAndInnerTransitionsAreListed() {
        List<PlanNode> plan = plan(
                "AdaptiveSparkPlan", -1,
                "ColumnarToRow", 0,          // 1: hands the Photon result to the driver: not a fallback
                "PhotonResultStage", 1,      // 2
                "PhotonAgg", 2,              // 3
                "RowToColumnar", 3,          // 4: between Photon operators
                "BatchEvalPython", 4,        // 5: a Spark operator
                "WholeStageCodegen (1)", 5,  // 6: scaffolding
                "ColumnarToRow", 6,          // 7: between Photon operators
                "PhotonScan parquet ", 7);   // 8
        List<PhotonFallback> out = PhotonFallback.of(plan);
        assertEquals(List.of(4, 5, 7), out.stream().map(PhotonFallback::nodeId).toList(), out.toString());
        assertTrue(out.get(0).transition());
        assertFalse(out.get(1).transition());
        assertEquals("BatchEvalPython", out.get(1).name());
    }

    @Test
    void aPlanWithoutPhotonHasNoFallbacks() {
        assertEquals(List.of(), PhotonFallback.of(plan("HashAggregate", -1, "Exchange", 0, "Scan parquet ", 1)));
    }

    @Test
    void aSparkOperatorOverPhotonIsAFallback() {
        List<PhotonFallback> out = PhotonFallback.of(plan("TakeOrderedAndProject", -1, "ColumnarToRow", 0,
                "PhotonProject", 1, "PhotonScan parquet ", 2));
        assertEquals(List.of("TakeOrderedAndProject"), out.stream().map(PhotonFallback::name).toList());
    }

    /** The explanation as DBR 13.3 writes it for a Scala UDF (tabs and all), naming the Project that holds it. */
    @Test
    void photonsExplanationNamesTheOperatorAndWhy() {
        String description = "== Physical Plan ==\n...\n\n== Photon Explanation ==\n"
                + "Photon does not fully support the query because:\n\tUDF(name#2964) is not supported:\n"
                + "\t\tThe expression `scalaudf` is currently unimplemented.\nReference node:\n"
                + "\tProject [UDF(name#2964) AS UDF(name)#2989]\n\n== Optimizer Statistics ==\n  full = t\n";
        PhotonExplanation x = PhotonExplanation.in(description).orElseThrow();
        assertEquals(List.of("UDF(name#2964) is not supported:", "The expression `scalaudf` is currently unimplemented."),
                x.reasons());
        List<PlanNode> plan = new ArrayList<>(plan("ColumnarToRow", -1, "PhotonResultStage", 0, "PhotonProject", 1,
                "Project", 2, "ColumnarToRow", 3, "PhotonScan parquet ", 4));
        plan.set(3, new PlanNode(3, 2, "Project", "Project [UDF(name#2964) AS UDF(name)#2989]", Map.of(), Map.of(), List.of()));
        List<PhotonFallback> out = PhotonFallback.of(plan, Optional.of(x));
        assertEquals("Project", out.get(0).name());
        assertEquals(x.reasons(), out.get(0).unsupported());
        assertTrue(PhotonExplanation.in("== Photon Explanation ==\nThe query is fully supported by Photon.").isEmpty());
        assertTrue(PhotonExplanation.in("== Physical Plan ==\nScan").isEmpty());
    }

    private static List<PlanNode> plan(Object... nameParent) {
        List<PlanNode> out = new ArrayList<>();
        for (int i = 0; i < nameParent.length; i += 2) {
            out.add(new PlanNode(out.size(), (Integer) nameParent[i + 1], (String) nameParent[i], (String) nameParent[i],
                    Map.of(), Map.of(), List.of()));
        }
        return out;
    }
}
