package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Rules;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule against every corpus scenario: it fires (at least medium) where the scenario was built
 * for it, and raises nothing above low anywhere else. The manifest says which is which; nothing at
 * run time reads it.
 */
class CrossMatrixTest {
    static final List<String> RULES = Rules.ids();

    static Stream<Arguments> matrix() {
        return Corpus.scenarios().stream().flatMap(s -> RULES.stream().map(r -> Arguments.of(s, r)));
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("matrix")
    void firesOnlyWhereItShould(String scenario, String rule) {
        Advice advice = RuleTesting.advise(scenario);
        if (Corpus.mustFire(scenario).contains(rule)) {
            RuleTesting.fired(advice, rule);
        } else {
            List<Finding> loud = advice.findings().stream()
                    .filter(f -> f.rule().equals(rule) && f.severity().compareTo(Severity.LOW) > 0).toList();
            assertTrue(loud.isEmpty(), rule + " fired on " + scenario + ": " + loud.stream().map(Finding::title).toList());
        }
    }
}
