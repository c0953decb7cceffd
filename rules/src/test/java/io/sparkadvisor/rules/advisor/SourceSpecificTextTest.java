package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A source's own options (Kafka's minPartitions, JDBC's numPartitions) are advised only where the plan reads that source. */
class SourceSpecificTextTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Spark's own Structured Streaming test log: a Kafka source (KafkaV2) feeding a stateful aggregation. */
    private static final Path KAFKA_WORD_COUNT = Path.of("..", "..", "shared", "real-logs", "apache__spark", "sql", "core", "src",
            "test", "resources", "spark-events", "local-1596020211915");

    static List<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void aBatchRunThatReadsNoKafkaOrJdbcIsNotToldTheirOptions(String scenario) {
        RunFacts facts = Corpus.facts(scenario);
        assertFalse(InputSources.of(new RunView(facts)).kafka() || InputSources.of(new RunView(facts)).jdbc(), scenario);
        String advice = words(new Advisor(Thresholds.defaults()).advise(facts));
        for (String word : List.of("Kafka", "minPartitions", "JDBC", "numPartitions")) {
            assertFalse(advice.contains(word), scenario + " mentions " + word);
        }
    }

    @Test
    void aRunThatReadsKafkaIsToldMinPartitions() {
        assumeTrue(Files.exists(KAFKA_WORD_COUNT), "../shared/real-logs is not beside this checkout");
        RunFacts facts = RunFactsReader.read(KAFKA_WORD_COUNT);
        assertTrue(InputSources.of(new RunView(facts)).kafka());
        // Its micro-batches are short: every stage counts here, so that the partition advice is made at all. The stages
        // of its latest batch alone stay whole (the earlier ones fold into recurring stages), and the partition count is
        // source-parallelism's, judged over every batch: the Kafka source's minPartitions, set to the slots.
        Thresholds all = Thresholds.withOverrides(Map.of("general.minStageWallMs", "0"));
        String advice = words(new Advisor(all).advise(facts));
        assertTrue(advice.contains("Set .option(\\\"minPartitions\\\", 4) on the Kafka source"), advice);
        assertFalse(advice.contains("JDBC"), advice);
    }

    /** What the advice says in its own words: titles and recommendations, not the evidence (plan text may name anything). */
    private static String words(Advice advice) {
        try {
            return JSON.writeValueAsString(advice.findings().stream().map(f -> List.of(f.title(), f.recommendation())).toList());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
