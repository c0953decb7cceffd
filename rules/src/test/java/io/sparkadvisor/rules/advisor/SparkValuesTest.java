package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings in forms a real Databricks job carries (auto, sizes with units) analyse like any other run. */
class SparkValuesTest {
    private static RunFacts with(String scenario, Map<String, String> settings) {
        RunFacts f = Corpus.facts(scenario);
        Map<String, String> values = new HashMap<>(f.properties().values());
        values.putAll(settings);
        return new RunFacts(f.application(), f.coverage(), new SparkProperties(values), f.executors(), f.jobs(), f.stages(),
                f.failures(), f.slots(), f.timeline(), f.sqlExecutions(), f.cluster());
    }

    @Test
    void databricksAutoShufflePartitionsAndUnitSizesDoNotStopAnyRule() {
        for (String scenario : Corpus.scenarios()) {
            Advice advice = new Advisor(Thresholds.defaults()).advise(with(scenario, Map.of(
                    "spark.sql.shuffle.partitions", "auto", "spark.executor.memory", "4gb",
                    "spark.sql.files.maxPartitionBytes", "128mb", "spark.memory.fraction", "0.6")));
            assertEquals(List.of(), advice.failures(), scenario);
        }
    }
}
