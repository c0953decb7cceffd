package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The cross-matrix for the execution and query-plan rules: each stays silent on every scenario not built for it. */
class SilentElsewhereTest {
    private static final List<String> RULES = List.of("spill", "gc-pressure", "task-failures", "cardinality-explosion",
            "cluster-on-write");

    @TestFactory
    Stream<DynamicTest> silentOnScenariosBuiltForOtherRules() {
        return Corpus.scenarios().stream().map(scenario -> DynamicTest.dynamicTest(scenario, () -> {
            List<String> fired = new Advisor(Thresholds.defaults()).advise(Corpus.facts(scenario)).findings().stream()
                    .map(Finding::rule).filter(RULES::contains)
                    .filter(rule -> !rule.equals(scenario) && !Corpus.mustFire(scenario).contains(rule)).toList();
            assertTrue(fired.isEmpty(), scenario + " raised " + fired);
        }));
    }
}
