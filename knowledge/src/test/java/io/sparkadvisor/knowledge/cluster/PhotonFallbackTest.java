package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.PlanNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    private static List<PlanNode> plan(Object... nameParent) {
        List<PlanNode> out = new ArrayList<>();
        for (int i = 0; i < nameParent.length; i += 2) {
            out.add(new PlanNode(out.size(), (Integer) nameParent[i + 1], (String) nameParent[i], (String) nameParent[i],
                    Map.of(), Map.of(), List.of()));
        }
        return out;
    }
}
