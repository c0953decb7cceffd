package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.infrastructure.taskcpus.TaskCpusEvidence;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Renders every message of every rule: each template in messages/<rule>.yaml must be filled
 * completely by at least one binding the rule's advice makes on the corpus (every scenario with every
 * cluster file), so no sentence can reach a user with a hole in it, or quote an undeclared threshold.
 */
class EveryMessageRendersTest {
    private static final Map<String, List<Messages>> BOUND = new ConcurrentHashMap<>();

    @BeforeAll
    static void listen() {
        Messages.observer = m -> BOUND.computeIfAbsent(m.rule(), r -> new CopyOnWriteArrayList<>()).add(m);
    }

    @AfterAll
    static void stopListening() {
        Messages.observer = m -> { };
    }

    private static List<String> clusterFiles() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.list(Corpus.dir().resolve("clusters"))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.equals("node-types.json")).sorted().toList();
        }
    }

    @Test
    void everyTemplateOfEveryRuleIsFilledByItsAdvice() throws IOException {
        Advisor advisor = new Advisor(Thresholds.defaults());
        for (String scenario : Corpus.scenarios()) {
            advisor.advise(Corpus.facts(scenario));
            for (String cluster : clusterFiles()) {
                advisor.advise(RuleTesting.withCluster(scenario, cluster));
            }
        }
        // The streaming rules speak on the Structured Streaming corpus (corpus/streaming), alone and on each cluster;
        // state-growth's RocksDB step once a smaller state counts as large.
        for (String scenario : Corpus.streamingScenarios()) {
            if (Corpus.streamingScenario(scenario).has("expect")) {
                RunFacts streaming = Corpus.streamingFacts(scenario);
                advisor.advise(streaming);
                for (String cluster : clusterFiles()) {
                    advisor.advise(streaming.withCluster(io.sparkadvisor.knowledge.cluster.ClusterJson.parse(
                            Files.readString(Corpus.dir().resolve("clusters").resolve(cluster)),
                            java.util.Optional.of(Files.readString(Corpus.dir().resolve("clusters/node-types.json"))))));
                }
            }
        }
        new Advisor(Thresholds.withOverrides(Map.of("state-growth.rocksDbRows", "50000")))
                .advise(Corpus.streamingFacts("stream-state-growth"));
        // No real JVM log shows a task's CPU above its run time (the task thread's CPU is all Spark measures):
        // task-cpus speaks on hand-made evidence, as in its own test.
        RuleFiring.fire(Map.of(), TaskCpusEvidence.of(3, 16, 960_000, 100_000, 40_000, 0.6, 4, 1));
        // On the corpus idle-slots gives way to partition-sizing (too-few-partitions); it speaks on a real YARN log
        // written by others once partitions of 64 KiB and stages of 2 s count (its narrow stage's 6.4 MiB of shuffle then
        // justify more) and partition-sizing stands aside.
        new Advisor(Thresholds.withOverrides(Map.of("partition-sizing.minPartitionBytes", "65536", "general.minStageWallMs",
                "2000", "partition-sizing.minIdleShare", "1"))).advise(
                io.sparkadvisor.knowledge.RunFactsReader.read(
                        io.sparkadvisor.knowledge.ExternalLogs.path("spark-rapids-tools/join_agg_on_yarn_eventlog.zstd")));
        // No public Photon log has a fallback: photon-fallback speaks on the real Photon log with Spark operators in it.
        io.sparkadvisor.rules.queryplan.photonfallback.PhotonRuns.eachCause().forEach(advisor::advise);
        // skew's hot-key code is written once the bot has looked the hot value up.
        advisor.advise(Corpus.facts("delta-skew-join")).findings().stream().filter(f -> f.rule().equals("skew"))
                .forEach(f -> io.sparkadvisor.rules.execution.skew.HotKeyFix.code(f.evidence(), "7", "INT"));
        // The follow-up's words for a check's stage in the next run: found under another id, not found, a tie, no stage,
        // its work split over several.
        RunFacts skew = Corpus.facts("skew");
        StageMatcher matcher = new StageMatcher(Thresholds.defaults());
        RunFacts noStage = new RunFacts(skew.application(), skew.coverage(), skew.properties(), skew.executors(), skew.jobs(),
                List.of(), skew.failures(), skew.slots(), skew.timeline(), skew.sqlExecutions(), skew.cluster());
        for (RunFacts next : List.of(Corpus.facts("skew-aqe-skewjoin"), Corpus.facts("skew-salted"), Corpus.facts("healthy"), noStage)) {
            StageSignature.allOf(new RunView(skew)).forEach(s -> matcher.find(s, next).note());
        }
        StageSignature coalesced = StageSignature.of(Corpus.facts("too-few-partitions"), 0).orElseThrow();
        matcher.find(coalesced, Corpus.facts("too-few-partitions-repartitioned")).note();
        // The serverless rules speak on serverless runs' query history (corpus/serverless), both kinds of file pruning.
        for (String fixture : List.of("nightly-orders", "warehouse-query-history", "hourly-ledger-healthy")) {
            advisor.advise(io.sparkadvisor.knowledge.serverless.ServerlessFixtures.run(fixture));
        }
        new Advisor(Thresholds.withOverrides(Map.of("serverless-file-pruning.minFiles", "5000")))
                .advise(io.sparkadvisor.knowledge.serverless.ServerlessFixtures.run("nightly-orders"));
        // Standard mode: its queueing wording.
        var standard = io.sparkadvisor.knowledge.serverless.ServerlessFixtures.run("warehouse-query-history");
        advisor.advise(new io.sparkadvisor.knowledge.serverless.ServerlessRun("7", "8", standard.startMs(), standard.endMs(),
                io.sparkadvisor.knowledge.serverless.PerformanceMode.STANDARD, false, java.util.OptionalLong.empty(), 0, 0,
                standard.statements(), List.of()));
        // The performance mode assumed, where the job has too few runs in each mode.
        new Advisor(Thresholds.withOverrides(Map.of("serverless-performance-mode.minRunsPerMode", "5")))
                .advise(io.sparkadvisor.knowledge.serverless.ServerlessFixtures.run("nightly-orders"));
        // A stored check naming a metric this version does not measure.
        MetricRef.parse("stage[2].renamedMetric").unknownNote();
        // The streaming rules speak on the streaming corpus and Spark's own Kafka word count, alone and on each cluster;
        // falling-behind's compute and unbounded-batch causes on the same logs with those causes' thresholds moved.
        advisor.advise(RuleTesting.realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915"));
        for (String scenario : Corpus.streamingScenarios()) {
            RunFacts streaming = Corpus.streamingFacts(scenario);
            advisor.advise(streaming);
            for (String cluster : clusterFiles()) {
                advisor.advise(streaming.withCluster(RuleTesting.withCluster("healthy", cluster).cluster().orElseThrow()));
            }
        }
        new Advisor(Thresholds.withOverrides(Map.of("falling-behind.maxWaitingCpuShare", "0"))).advise(Corpus.streamingFacts("stream-waits"));
        new Advisor(Thresholds.withOverrides(Map.of("falling-behind.minRowsSpread", "1"))).advise(Corpus.streamingFacts("stream-waits"));
        new Advisor(Thresholds.withOverrides(Map.of("falling-behind.minRowsSpread", "1", "falling-behind.maxPartitionShare", "0.1")))
                .advise(Corpus.streamingFacts("stream-kafka-2-partitions"));
        // A runtime past its end of support: the corpus' cluster files run DBR 15.4; a real DBR 10.4 ML log names one.
        advisor.advise(io.sparkadvisor.knowledge.RunFactsReader.read(
                io.sparkadvisor.knowledge.ExternalLogs.path("spark-rapids-tools/xgboost_eventlog.zstd")));
        // The machines' rows asked for and not there yet.
        advisor.advise(Corpus.facts("io-bound").withNodeTimeline(io.sparkadvisor.knowledge.facts.NodeTimelineFacts.notYet("no rows yet")));
        Set<String> unfilled = new TreeSet<>();
        List<String> files = new ArrayList<>(Rules.ids());
        files.add(Checks.MESSAGES);
        files.add(RunNotes.MESSAGES);
        files.add(io.sparkadvisor.rules.infrastructure.WorkerCores.MESSAGES);
        for (String file : files) {
            List<Messages> bindings = BOUND.getOrDefault(file, List.of());
            Messages.templates(file).forEach((name, template) -> {
                List<String> items = template instanceof List<?> l ? l.stream().map(String::valueOf).toList()
                        : List.of(String.valueOf(template));
                for (String item : items) {
                    List<List<String>> problems = new ArrayList<>();
                    bindings.forEach(m -> problems.add(m.unfilled(item)));
                    if (problems.stream().noneMatch(List::isEmpty)) {
                        unfilled.add("messages/" + file + ".yaml " + name + ": "
                                + (problems.isEmpty() ? "never rendered on the corpus" : problems.get(0)));
                    }
                }
            });
        }
        assertEquals(Set.of(), unfilled);
    }
}
