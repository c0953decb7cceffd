package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.machines.NodeTimelineFile;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Runs the advisor on corpus logs (optionally with a cluster fixture from corpus/clusters) for rule tests. */
public final class RuleTesting {
    /** Real event logs written by others, read in place; CI has ../shared beside the checkout. */
    private static final Path REAL_LOGS = Path.of("..", "..", "shared", "real-logs");
    private static final Map<String, RunFacts> REAL = new ConcurrentHashMap<>();

    private RuleTesting() {}

    /** A real log under ../shared/real-logs; the test is skipped (by assumption) where that folder is absent. */
    public static RunFacts realLog(String relative) {
        Path log = REAL_LOGS.resolve(relative);
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        return REAL.computeIfAbsent(relative, r -> RunFactsReader.read(log));
    }

    public static Advice advise(String scenario) {
        return advise(Corpus.facts(scenario), Map.of());
    }

    public static Advice advise(RunFacts facts, Map<String, String> overrides) {
        return new Advisor(Thresholds.withOverrides(overrides)).advise(facts);
    }

    /** A corpus log joined with a cluster shape from {@code corpus/clusters/}. */
    public static RunFacts withCluster(String scenario, String clusterFile) {
        try {
            String cluster = Files.readString(Corpus.dir().resolve("clusters").resolve(clusterFile));
            String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
            return Corpus.facts(scenario).withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The facts with system.compute.node_timeline rows from {@code corpus/node-timeline/<file>}, over the run's window, as
     * {@code analyze --node-timeline} reads them.
     */
    public static RunFacts withNodeTimeline(RunFacts facts, String file) {
        return facts.withNodeTimeline(NodeTimelineFile.read(Corpus.dir().resolve("node-timeline").resolve(file),
                facts.application().startMs(), facts.application().endMs()));
    }

    public static Optional<Finding> finding(Advice advice, String rule) {
        return advice.findings().stream().filter(f -> f.rule().equals(rule)).findFirst();
    }

    /** The rule's finding, which must be at least medium severity. */
    public static Finding fired(Advice advice, String rule) {
        Finding f = finding(advice, rule).orElseThrow(() -> new AssertionError(rule + " did not fire; findings: "
                + advice.findings().stream().map(Finding::rule).toList()));
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, rule + " fired only at " + f.severity());
        return f;
    }

    /**
     * The rule's finding on this run: at least medium, or lower only because its saving is not worth more on the run
     * (the {@link Stake} caps it): the rule fired, at what its saving puts at stake.
     */
    public static Finding firedAtItsStake(Advice advice, String rule, RunFacts facts) {
        Finding f = finding(advice, rule).orElseThrow(() -> new AssertionError(rule + " did not fire; findings: "
                + advice.findings().stream().map(Finding::rule).toList()));
        Severity cap = Stake.of(new RunView(facts)).cap(f.savings(), Thresholds.defaults());
        assertTrue(f.severity().compareTo(Severity.lowest(Severity.MEDIUM, cap)) >= 0,
                rule + " fired only at " + f.severity() + " though its saving " + f.savings() + " allows " + cap);
        return f;
    }

    public static void silent(Advice advice, String rule) {
        assertTrue(finding(advice, rule).isEmpty(), rule + " fired: " + finding(advice, rule).map(Finding::title).orElse(""));
    }

    public static double number(Finding f, String key) {
        Object v = f.evidence().get(key);
        if (!(v instanceof Number n)) {
            throw new AssertionError(f.rule() + " evidence has no number " + key + ": " + f.evidence());
        }
        return n.doubleValue();
    }
}
