package io.sparkadvisor.rules.queryplan.clusteronwrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterOnWriteRuleTest {
    @Test
    void firesOnTheClusterOnWriteScenarioWithTheExchangeKeys() {
        Finding f = Findings.of("cluster-on-write", "cluster-on-write").orElseThrow();
        SqlExecutionFacts sql = Corpus.facts("cluster-on-write").sqlExecutions().stream()
                .filter(s -> !s.writes().isEmpty()).findFirst().orElseThrow();
        ExchangeFacts exchange = sql.exchanges().stream().filter(x -> x.partitioning().equals("rangepartitioning"))
                .findFirst().orElseThrow();
        long shuffled = sql.node(exchange.nodeId()).orElseThrow().metric("shuffle bytes written").orElseThrow();

        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals("rangepartitioning", f.evidence().get("partitioning"));
        assertEquals(List.of("event_date", "customer_id"), f.evidence().get("clusteringColumns"));
        assertEquals(shuffled, f.evidence().get("shuffleBytes"));
        assertEquals(sql.writes().get(0).rowsWritten(), f.evidence().get("rowsWritten"));
        JsonNode construction = Corpus.scenario("cluster-on-write").path("construction");
        if (construction.has("rows")) {
            assertEquals(construction.path("rows").asLong(), f.evidence().get("rowsWritten"));
        }
        assertTrue((long) f.evidence().get("sortTimeMs") > 0);
        // repartitionByRange samples its input in a job of its own: that stage is attributed too.
        assertTrue((long) f.evidence().get("samplingTaskMs") > 0);
        assertTrue(f.stageIds().containsAll(exchange.stageIds()), f.stageIds().toString());
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals("code", changes.get(0).scope());
        assertTrue(changes.get(1).value().startsWith("ALTER TABLE ") && changes.get(1).value()
                .endsWith(" CLUSTER BY (event_date, customer_id)"), changes.get(1).value());
        assertTrue(changes.get(2).value().startsWith("OPTIMIZE "), changes.get(2).value());
    }

    @Test
    void silentOnHealthyAndSpill() {
        assertTrue(Findings.of("cluster-on-write", "healthy").isEmpty());
        assertTrue(Findings.of("cluster-on-write", "spill").isEmpty());
    }

    @Test
    void aHigherFloorSilencesIt() {
        assertTrue(Findings.of("cluster-on-write", "cluster-on-write",
                Map.of("cluster-on-write.minShuffleBytes", "1e13")).isEmpty());
    }

    @Test
    void attributesShuffleSortSamplingAndFetchWaitSpreadOverSlots() {
        ClusterOnWriteEvidence e = ClusterOnWriteEvidence.of("InsertIntoHadoopFsRelationCommand", "s3://b/t",
                "rangepartitioning", List.of("d"), 8, 1L << 30, 2_000, 10_000, 6_000, 2_000, List.of(0, 1, 3), 30_000,
                4_000_000, 1L << 30, 4, 60_000);
        assertEquals(20_000, e.attributedTaskMs());
        assertEquals(5_000, e.attributedWallMs());
    }
}
