package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings in forms a real Databricks job carries (auto, sizes with units) analyse like any other run. */
class SparkValuesTest {
    @Test
    void databricksAutoShufflePartitionsAndUnitSizesDoNotStopAnyRule() {
        for (String scenario : Corpus.scenarios()) {
            Advice advice = new Advisor(Thresholds.defaults()).advise(EditedRuns.withSettings(Corpus.facts(scenario), Map.of(
                    "spark.sql.shuffle.partitions", "auto", "spark.executor.memory", "4gb",
                    "spark.sql.files.maxPartitionBytes", "128mb", "spark.memory.fraction", "0.6")));
            assertEquals(List.of(), advice.failures(), scenario);
        }
    }
}
