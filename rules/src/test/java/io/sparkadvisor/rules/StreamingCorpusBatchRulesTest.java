package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of the registry (the batch rules and the streaming ones) over the Structured Streaming corpus
 * (corpus/streaming/), as they stand: every finding on each streaming log, as rule and severity. Recorded, not
 * endorsed: issue #32 wants every batch rule silent on the healthy control and the batch rules to judge micro-batch
 * stages across batches; a change in what they say on these logs must update this record on purpose.
 */
class StreamingCorpusBatchRulesTest {
    static final Map<String, Set<String>> FINDINGS = Map.ofEntries(
            Map.entry("stream-healthy", Set.of()),
            // falling-behind: tasks that wait (a reliability finding keeps its ladder's medium)
            Map.entry("stream-waits", Set.of("falling-behind MEDIUM")),
            Map.entry("stream-kafka-waits", Set.of("falling-behind MEDIUM")),
            // its micro-batches run 2 tasks (the topic's partitions) on 8 slots; its backlog grows. The 6 idle slots of 8
            // are a share of the always-on cluster's time, every hour (Stake), not of a few minutes of log. partition-sizing
            // (low) is gone: it spoke of the stages of a few earlier batches over general.minStageWallMs, and the facts now
            // keep only the latest batch's stages whole (median batch 2.7-2.9 s); source-parallelism says it across batches
            Map.entry("stream-kafka-2-partitions", Set.of("falling-behind MEDIUM", "source-parallelism HIGH")),
            Map.entry("stream-kafka-2-partitions-spark4", Set.of("falling-behind MEDIUM", "source-parallelism HIGH")),
            // state-growth, late-rows: reliability findings keep their ladder's severity
            Map.entry("stream-state-growth", Set.of("state-growth HIGH")),
            Map.entry("stream-late-rows", Set.of("late-rows HIGH")),
            // batch-overhead, idle-always-on: what they save is a share of the always-on cluster every hour (Stake);
            // their ladders propose medium
            Map.entry("stream-tiny-batches", Set.of("batch-overhead MEDIUM")),
            Map.entry("stream-idle-files", Set.of("idle-always-on MEDIUM")),
            // on the loaded generating machine the offset and commit logs took 72% of its 1 s batches' time: 72% of the
            // cluster's time, every hour
            Map.entry("stream-long", Set.of("batch-overhead HIGH")),
            Map.entry("stream-live-databricks", Set.of("batch-overhead HIGH")),
            // a scheduled AvailableNow run: staked as a batch run of 38 s, not per week of an always-on cluster
            Map.entry("stream-available-now", Set.of()));

    static List<String> logs() {
        return Corpus.streamingScenarios();
    }

    @ParameterizedTest(name = "findings on {0}")
    @MethodSource("logs")
    void findingsAreAsRecorded(String scenario) {
        Set<String> findings = RuleTesting.advise(Corpus.streamingFacts(scenario), Map.of()).findings().stream()
                .map(f -> f.rule() + " " + f.severity()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(FINDINGS.get(scenario), findings, "findings on " + scenario);
    }
}
