package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The price catalogue: a node's $/hour is its DBUs at the cloud's Jobs Compute price plus the machine. */
class NodePricesTest {
    @Test
    void aNodesHourlyPriceIsItsDbusAndItsMachine() {
        NodePrices i3 = NodePrices.of("i3.xlarge").orElseThrow();
        assertEquals(1.0 * 0.15 + 0.312, i3.dollarsPerHour(), 1e-9);
        NodePrices ds3 = NodePrices.of("Standard_DS3_v2").orElseThrow();
        assertEquals(0.454, ds3.dollarsPerHour(), 1e-9, "the Azure catalogue's total for DS3_v2");
        assertTrue(NodePrices.of("c5.xlarge").isEmpty(), "no checked source: node-hours only");
    }

    @Test
    void everyTypeOfTheCorpusCatalogueIsPricedOrLeftOutOnPurpose() throws IOException {
        JsonNode types = new ObjectMapper().readTree(Files.readString(Corpus.dir().resolve("clusters/node-types.json")));
        int priced = 0;
        for (JsonNode t : types.path("node_types")) {
            String id = t.path("node_type_id").asText();
            boolean unpriced = id.startsWith("c5.") || id.startsWith("x1e.") || Cloud.fromNodeTypeId(id) == Cloud.GCP;
            assertEquals(!unpriced, NodePrices.of(id).isPresent(), id);
            priced += unpriced ? 0 : 1;
        }
        assertEquals(14, priced, "m5d.xlarge and m5d.2xlarge included: the local-disk twins of m5");
    }
}
