package io.sparkadvisor.rules.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.cluster.Cloud;
import io.sparkadvisor.knowledge.cluster.NodeType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A proposed node type is named with its cores, memory and list price against the worker's, or says its price is unknown. */
class NodeWordsTest {
    private static final NodeType I3 = node("i3.xlarge", 31232);
    private static final NodeType M5 = node("m5.xlarge", 16384);
    private static final NodeType X1E = node("x1e.xlarge", 124928);
    private static final Compute ON_I3 = new Compute(true, false, Optional.of(I3), List.of(I3, M5, X1E), Cloud.AWS, 1, false, true);

    @Test
    void aPricedTypeSaysWhatItCostsPerNodeAgainstTheWorker() {
        // m5.xlarge 0.69 DBU/h + $0.192, i3.xlarge 1.0 DBU/h + $0.312, at $0.15 a DBU (NodePrices): $0.1665 less, to a tenth of a cent
        assertEquals("m5.xlarge nodes (4 cores, 16.0 GiB; -$0.166/h and -0.31 DBU/h a node against i3.xlarge)", ON_I3.nodeWords(M5));
    }

    @Test
    void aTypeWithoutAListPriceSaysSoInsteadOfGuessing() {
        assertEquals("x1e.xlarge nodes (4 cores, 122.0 GiB; its price is not in spark-advisor's list, check it before approving)",
                ON_I3.nodeWords(X1E));
    }

    private static NodeType node(String id, long memoryMb) {
        return new NodeType(id, 4, memoryMb, "General Purpose", false);
    }
}
