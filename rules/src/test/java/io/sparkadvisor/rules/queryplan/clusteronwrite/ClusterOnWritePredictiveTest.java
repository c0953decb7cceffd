package io.sparkadvisor.rules.queryplan.clusteronwrite;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static io.sparkadvisor.rules.RuleTesting.silent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.tables.TableMaintenanceFile;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** cluster-on-write when the written table is one predictive optimization maintains (matched by its location). */
class ClusterOnWritePredictiveTest {
    private static final String RULE = ClusterOnWriteRule.ID;

    private static RunFacts maintained(String scenario) {
        return Corpus.facts(scenario).withTableMaintenance(
                TableMaintenanceFile.read(Corpus.dir().resolve("table-maintenance/clustered-predictive-optimization.json")));
    }

    @Test
    void theWrittenTableUnderPredictiveOptimizationGetsNoOptimize() {
        Finding f = fired(advise(maintained("cluster-on-write"), Map.of()), RULE);
        assertEquals(true, f.evidence().get("predictiveOptimization"));
        List<String> changes = f.recommendation().steps().get(0).changes().stream().map(Change::value).toList();
        assertTrue(changes.stream().noneMatch(c -> c.startsWith("OPTIMIZE")), changes.toString());
        assertTrue(changes.stream().anyMatch(c -> c.contains("CLUSTER BY (event_date, customer_id)")), changes.toString());
        assertTrue(f.recommendation().summary().contains("Databricks runs OPTIMIZE on it itself, and its history shows no OPTIMIZE"
                + " of it yet"), f.recommendation().summary());
        Finding before = fired(advise(Corpus.facts("cluster-on-write"), Map.of()), RULE);
        assertTrue(before.recommendation().steps().get(0).changes().stream().anyMatch(c -> c.value().startsWith("OPTIMIZE")),
                "without the table's metadata the OPTIMIZE stays");
    }

    @Test
    void silentOnAHealthyRunWithTheSameMetadata() {
        silent(advise(maintained("healthy"), Map.of()), RULE);
    }
}
