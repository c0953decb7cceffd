package io.sparkadvisor.rules.infrastructure.fallingbehind;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static io.sparkadvisor.rules.RuleTesting.realLog;
import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Verdicts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** falling-behind on the streaming corpus (real Spark 3.5.8, local mode) and Spark's own Kafka word count. */
class FallingBehindTest {
    private static final String RULE = FallingBehindRule.ID;

    private static Finding fired(RunFacts facts) {
        return finding(advise(facts, Map.of()), RULE).orElseThrow(() -> new AssertionError(RULE + " did not fire"));
    }

    private static FallingBehindEvidence evidence(RunFacts facts) {
        return FallingBehindEvidence.of(new RunView(facts), Thresholds.defaults()).get(0);
    }

    @Test
    void tasksThatWaitGetMoreSlotsPerCoreNotMoreNodes() {
        RunFacts waits = Corpus.streamingFacts("stream-waits"); // 24 rows/s, 100 ms a row, 2 slots: 20 rows/s at most
        Finding f = fired(waits);
        FallingBehindEvidence e = evidence(waits);
        assertEquals(3, e.batches());
        assertEquals(1.30, e.rateRatio(), 0.01, "24.5 and 23.5 rows/s in, 17.7 and 17.8 processed");
        assertTrue(e.cpuShare() < 0.01, "the lookup sleeps: " + e.cpuShare());
        assertEquals(Severity.MEDIUM, f.severity(), "a reliability finding keeps its ladder's severity");
        assertEquals(List.of(new Change("spark_env_vars", "SPARK_WORKER_CORES", "3")), f.recommendation().steps().get(0).changes());
        assertEquals(List.of(new Change("spark_env_vars", "SPARK_WORKER_CORES", "4")), f.recommendation().steps().get(1).changes());
        assertTrue(f.recommendation().summary().contains("more slots instead of more nodes"), f.recommendation().summary());
        // adding nodes to keep up: 0.3 x 2 slots, each hour always on, 168 hours a week
        assertEquals(0.3 * 2, e.nodesAvoidedPerHour(), 0.02);
        assertEquals(168 * e.nodesAvoidedPerHour(), e.nodesAvoidedPerWeek(), 1e-9);
        assertTrue(!f.risk().isEmpty());
    }

    @Test
    void onStandardAccessTheStepsWaitForDedicatedAccess() throws Exception {
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        String cluster = Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json"))
                .replace("\"SINGLE_USER\"", "\"USER_ISOLATION\"");
        RunFacts waits = Corpus.streamingFacts("stream-waits").withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes)));
        Finding f = fired(waits);
        assertEquals(List.of(), f.recommendation().steps());
        assertTrue(f.recommendation().summary().contains("dedicated access mode"), f.recommendation().summary());
        assertTrue(evidence(waits).dollarsPerHour() > 0, "the i3 workers have a list price");
    }

    @Test
    void aNarrowKafkaReadGetsMinPartitionsFirst() {
        RunFacts kafka = Corpus.streamingFacts("stream-kafka-2-partitions");
        Finding f = fired(kafka);
        FallingBehindEvidence e = evidence(kafka);
        // maxOffsetsPerTrigger 200 keeps the input and processed rates alike: the backlog tells
        assertTrue(e.offsetsBehindLast() > e.offsetsBehindFirst() && e.offsetsBehindSlope() > 0, e.toString());
        assertEquals(1 + (double) (e.offsetsBehindLast() - e.offsetsBehindFirst()) / 4589, e.rateRatio(), 1e-9);
        assertEquals(2, e.kafkaPartitions());
        assertEquals(new Change("code", "source of kafka-enrich (KafkaV2[Subscribe[events]])", ".option(\"minPartitions\", \"8\")"),
                f.recommendation().steps().get(0).changes().get(0));
    }

    @Test
    void busyTasksGetMoreComputeAndUnboundedBatchesACap() {
        // the same real lag, judged as if its tasks computed, then as if its batches' sizes ran away
        RunFacts waits = Corpus.streamingFacts("stream-waits");
        Finding compute = finding(advise(waits, Map.of(RULE + ".maxWaitingCpuShare", "0")), RULE).orElseThrow();
        assertEquals("manual", compute.recommendation().steps().get(0).changes().get(0).scope());
        assertTrue(compute.recommendation().summary().contains("only more compute helps"), compute.recommendation().summary());
        Finding unbounded = finding(advise(waits, Map.of(RULE + ".minRowsSpread", "1")), RULE).orElseThrow();
        assertTrue(unbounded.recommendation().steps().get(0).changes().get(0).value().startsWith(".option(\"maxFilesPerTrigger\""));
        Finding kafka = finding(advise(Corpus.streamingFacts("stream-kafka-2-partitions"),
                Map.of(RULE + ".minRowsSpread", "1", RULE + ".maxPartitionShare", "0.1")), RULE).orElseThrow();
        // 200 rows per batch interval at the median processed rate: the cap the corpus job itself set
        assertEquals(".option(\"maxOffsetsPerTrigger\", \"" + evidence(Corpus.streamingFacts("stream-kafka-2-partitions")).rowsPerTrigger()
                + "\")", kafka.recommendation().steps().get(0).changes().get(0).value());
    }

    @Test
    void silentWhereTheQueryKeepsUp() {
        assertTrue(finding(advise(Corpus.streamingFacts("stream-healthy"), Map.of()), RULE).isEmpty());
        assertTrue(finding(advise(Corpus.streamingFacts("stream-state-growth"), Map.of()), RULE).isEmpty());
        assertTrue(finding(advise(realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915"), Map.of()),
                RULE).isEmpty());
        assertTrue(finding(advise(Corpus.streamingFacts("stream-waits"), Map.of(RULE + ".minRateRatio", "1.4")), RULE).isEmpty());
        assertTrue(finding(advise(Corpus.streamingFacts("stream-waits"), Map.of(RULE + ".minBatches", "4")), RULE).isEmpty());
    }

    @Test
    void theStepChecksPassWhenTheQueryKeepsUpAndFailWhenItDoesNot() {
        RunFacts baseline = Corpus.streamingFacts("stream-waits");
        List<MetricCheck> checks = fired(baseline).recommendation().steps().get(0).verify();
        assertEquals(List.of(P, P), Verdicts.outcomes(checks, baseline, Corpus.streamingFacts("stream-healthy")));
        assertEquals(List.of(F, P), Verdicts.outcomes(checks, baseline, baseline));
    }
}
