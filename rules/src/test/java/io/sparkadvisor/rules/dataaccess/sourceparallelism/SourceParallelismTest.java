package io.sparkadvisor.rules.dataaccess.sourceparallelism;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static io.sparkadvisor.rules.RuleTesting.realLog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** source-parallelism on the real Kafka word count (a one-partition topic read by local[*] on 4 cores). */
class SourceParallelismTest {
    private static final String RULE = SourceParallelismRule.ID;

    private static RunFacts wordCount() {
        return realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915");
    }

    @Test
    void theKafkaWordCountReadsOnePartitionWithFourSlots() {
        SourceParallelismEvidence e = SourceParallelismEvidence.of(new RunView(wordCount()), Thresholds.defaults()).get(0);
        assertEquals("KafkaV2[Subscribe[test5]]", e.source());
        assertEquals(1, e.kafkaPartitions());
        assertEquals(4, e.slots());
        assertEquals(4, e.minPartitions());
        assertEquals(8, e.batches());
        assertTrue(e.busyShare() > 0 && e.busyShare() <= 1, "busy share " + e.busyShare());
        // three idle slots of four while batches run, for each hour always on
        assertEquals(3 * e.busyShare(), e.idleCoreHoursPerHour(), 1e-9);
        assertEquals(168 * e.idleCoreHoursPerHour(), e.idleCoreHoursPerWeek(), 1e-9);
        assertEquals(0, e.dollarsPerHour(), "no cluster: no price");

        Finding f = finding(advise(wordCount(), Map.of()), RULE).orElseThrow();
        assertEquals(Severity.HIGH, f.severity(), "a 15 s log, but an always-on query idles 3 of 4 slots every hour");
        assertEquals(new Change("code", "Kafka source of 8d268dc2-bc9c-4be8-97a9-b135d2943028", ".option(\"minPartitions\", \"4\")"),
                f.recommendation().steps().get(0).changes().get(0));
        assertTrue(f.recommendation().summary().contains("minPartitions\", 4)"), f.recommendation().summary());
        assertTrue(f.savings().upperBound());
    }

    @Test
    void aTwoPartitionTopicOnEightSlotsGetsMinPartitionsEight() {
        RunFacts kafka = Corpus.streamingFacts("stream-kafka-2-partitions"); // a real Kafka 3.4.1 broker, local[8]
        Finding f = finding(advise(kafka, Map.of()), RULE).orElseThrow();
        SourceParallelismEvidence e = SourceParallelismEvidence.of(new RunView(kafka), Thresholds.defaults()).get(0);
        assertEquals("KafkaV2[Subscribe[events]]", e.source());
        assertEquals(2, e.kafkaPartitions());
        assertEquals(8, e.slots());
        assertEquals(23, e.batches());
        assertEquals(".option(\"minPartitions\", \"8\")", f.recommendation().steps().get(0).changes().get(0).value());
        assertEquals(6 * e.busyShare(), e.idleCoreHoursPerHour(), 1e-9);
    }

    @Test
    void itsStakeIsTheIdleCoreHoursAWeekAgainstTheWeeklyFloor() {
        SourceParallelismEvidence e = SourceParallelismEvidence.of(new RunView(wordCount()), Thresholds.defaults()).get(0);
        Finding f = finding(advise(wordCount(), Map.of()), RULE).orElseThrow();
        // the saving on the run (rounded to the thousandth core-hour) over the hours the log saw the query, a week long
        double perWeek = f.savings().coreHours() * AlwaysOn.HOURS_PER_WEEK / e.cluster().observedHours();
        assertEquals(e.idleCoreHoursPerWeek(), perWeek, e.idleCoreHoursPerWeek() * 0.15);
        String justAbove = String.valueOf(perWeek * 1.01);
        String justUnder = String.valueOf(perWeek * 0.99);
        assertEquals(Severity.LOW, finding(advise(wordCount(), Map.of("general.minSavedCoreHoursPerWeek", justAbove)), RULE)
                .orElseThrow().severity(), "under the weekly floor it is low, whatever its share");
        assertEquals(Severity.HIGH, finding(advise(wordCount(), Map.of("general.minSavedCoreHoursPerWeek", justUnder)), RULE)
                .orElseThrow().severity());
    }

    @Test
    void silentOnSourcesThatAreNotKafka() {
        for (String scenario : List.of("stream-healthy", "stream-waits", "stream-state-growth")) {
            assertTrue(finding(advise(Corpus.streamingFacts(scenario), Map.of()), RULE).isEmpty(), scenario);
        }
    }

    @Test
    void silentWhenThePartitionsFillEnoughSlots() {
        assertTrue(finding(advise(wordCount(), Map.of(RULE + ".maxPartitionShare", "0.2")), RULE).isEmpty());
        assertTrue(finding(advise(wordCount(), Map.of(RULE + ".minBatches", "9")), RULE).isEmpty());
    }

    @Test
    void aBatchRunHasNoSource() {
        assertEquals(List.of(), SourceParallelismEvidence.of(new RunView(Corpus.facts("healthy")), Thresholds.defaults()));
    }
}
