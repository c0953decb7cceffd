package io.sparkadvisor.rules.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Rules;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every change any rule offers to Approve, on every corpus log and every real log written by others,
 * joined with a dedicated, a standard-access and a serverless cluster file and the node-type catalogue,
 * is one Databricks would take: its invariants are spelt out here, apart from {@link ChangeGate}.
 */
class ChangesValidOnDatabricksTest {
    private static final Map<String, RunFacts> FACTS = new ConcurrentHashMap<>();
    private static final List<String> CLUSTERS = List.of("aws-i3-dedicated.json", "aws-i3-standard.json", "serverless.json");
    private static final Set<String> EDITABLE_CLUSTER_KEYS = Set.of("num_workers", "autoscale.min_workers",
            "autoscale.max_workers", "node_type_id");

    static Stream<Arguments> runs() {
        return allLogs().flatMap(l -> CLUSTERS.stream().map(c -> Arguments.of(l, c)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("runs")
    void everyApplyableChangeIsValid(String log, String clusterFile) throws IOException {
        RunFacts facts = facts(log).withCluster(cluster(clusterFile));
        ClusterShape cluster = facts.cluster().orElseThrow();
        Advice advice = RuleTesting.advise(facts, Map.of());
        for (Finding f : advice.findings()) {
            for (Step step : f.recommendation().steps()) {
                boolean refusedInStep = step.changes().stream().anyMatch(c -> c.manualBecause() != null);
                for (Change c : step.changes()) {
                    String where = f.rule() + " step " + step.step() + " " + c.key() + "=" + c.value() + " (" + log + ")";
                    assertFalse(refusedInStep && c.applicable(), "a step is applied whole: " + where);
                    if (c.applicable()) {
                        assertValid(c, cluster, facts, where);
                    }
                }
            }
        }
    }

    private static void assertValid(Change c, ClusterShape cluster, RunFacts facts, String where) {
        assertFalse(facts.platform().serverlessOn(), "serverless has no cluster to edit: " + where);
        assertFalse(c.key().startsWith("spark.yarn.") || c.key().startsWith("spark.kubernetes.")
                || c.key().contains("memoryOverhead") || c.key().equals("spark.executor.instances"), where);
        assertFalse(c.key().equals("spark.driver.memory"), where);
        if (c.scope().equals("spark_env_vars")) {
            assertEquals(Optional.of(true), cluster.dedicatedAccess(), "standard access drops env vars: " + where);
        }
        if (c.scope().equals("cluster")) {
            assertTrue(EDITABLE_CLUSTER_KEYS.contains(c.key()), where);
            if (c.key().equals("node_type_id")) {
                Optional<NodeType> node = cluster.catalogue().stream().filter(n -> n.nodeTypeId().equals(c.value())).findFirst();
                assertTrue(node.isPresent() && !node.get().deprecated(), "not an offered node type: " + where);
            } else {
                assertTrue(SparkProperties.parseInteger(c.value()).filter(n -> n >= 0).isPresent(), where);
            }
        }
        if (c.key().equals("spark.executor.cores")) {
            int cores = SparkProperties.parseInteger(c.value()).orElseThrow();
            int worker = cluster.workerNode().map(NodeType::cores).orElseThrow();
            assertTrue(cores >= worker || facts.properties().executorCores().filter(n -> n > cores).isEmpty(),
                    "fewer executor cores than a worker has strands cores: " + where);
        }
        if (c.key().endsWith(".partitions") || c.key().endsWith(".cpus") || c.key().endsWith("_CORES")) {
            assertTrue(c.value().equals("auto") || SparkProperties.parseInteger(c.value()).filter(n -> n > 0).isPresent(), where);
        }
        if (c.key().endsWith("Bytes") || c.key().endsWith(".memory")) {
            assertTrue(SparkProperties.parseSize(c.value(), 1).filter(n -> n > 0).isPresent(), where);
        }
    }

    /**
     * On i3.xlarge workers both runs peaked far below the node's 24.9 GiB heap: no step raises memory (a node type or
     * spark.task.cpus), and the only 4-core type with twice the memory per core, x1e.xlarge, has no known price anyway.
     */
    @ParameterizedTest
    @ValueSource(strings = {"spill", "gc-pressure"})
    void memoryIsNotRaisedOnDatabricksWhileTheHeapWasIdle(String scenario) throws IOException {
        RunFacts facts = Corpus.facts(scenario).withCluster(cluster("aws-i3-dedicated.json"));
        Finding f = RuleTesting.firedAtItsStake(RuleTesting.advise(facts, Map.of()), scenario, facts);
        List<Change> changes = f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).toList();
        assertTrue(changes.stream().noneMatch(c -> c.key().equals("node_type_id") || c.key().equals("spark.task.cpus")
                || c.key().equals("spark.executor.memory") || c.key().equals("spark.executor.cores")), changes.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"spill", "gc-pressure"})
    void onServerlessMemoryStepsAreWordsForPeopleNotNodeTypes(String scenario) throws IOException {
        RunFacts facts = Corpus.facts(scenario).withCluster(cluster("serverless.json"));
        Finding f = RuleTesting.firedAtItsStake(RuleTesting.advise(facts, Map.of()), scenario, facts);
        List<Change> changes = f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).toList();
        assertTrue(changes.stream().noneMatch(Change::applicable), changes.toString());
        assertTrue(changes.stream().noneMatch(c -> c.key().equals("node_type_id")), changes.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allLogs")
    void noCostFindingIsMediumOrHighWithoutASavingWorthTheRun(String log) {
        Set<String> reliability = Set.copyOf(Rules.ALL.stream().filter(r -> r.reliabilityRisk()).map(r -> r.id()).toList());
        Stake stake = Stake.of(new RunView(facts(log)));
        for (Finding f : RuleTesting.advise(facts(log), Map.of()).findings()) {
            Severity allowed = stake.cap(f.savings(), Thresholds.defaults());
            assertTrue(f.severity().compareTo(allowed) <= 0 || reliability.contains(f.rule()) && !f.risk().isEmpty(),
                    f.rule() + " is " + f.severity() + " on " + log + " though its saving " + f.savings() + " allows " + allowed);
        }
    }

    static Stream<String> allLogs() {
        return Stream.concat(Corpus.scenarios().stream().map(s -> "corpus:" + s),
                ExternalLogs.all().stream().map(l -> "external:" + l));
    }

    private static RunFacts facts(String log) {
        return FACTS.computeIfAbsent(log, l -> l.startsWith("corpus:") ? Corpus.facts(l.substring(7))
                : RunFactsReader.read(ExternalLogs.path(l.substring(9))));
    }

    private static ClusterShape cluster(String file) throws IOException {
        return ClusterJson.parse(Files.readString(Corpus.dir().resolve("clusters").resolve(file)),
                Optional.of(Files.readString(Corpus.dir().resolve("clusters/node-types.json"))));
    }
}
