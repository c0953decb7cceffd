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
 * Every rule against every corpus scenario: it fires where the scenario was built for it (at least medium, unless the
 * scenario's saving is too small a stake for it: spill's 2.4 s of 54 s, smj-small-side's 1 s), and raises nothing
 * above low anywhere else. The manifest says which is which; nothing at
 * run time reads it. On the streaming corpus (corpus/streaming) every rule the streaming manifest does not name for a
 * scenario raises nothing above low there: the batch rules stay quiet on the healthy control, and each streaming rule
 * on the other streams (each fires on its own scenario in its unit's test).
 */
class CrossMatrixTest {
    static final List<String> RULES = Rules.ids();

    static Stream<Arguments> matrix() {
        return Corpus.scenarios().stream().flatMap(s -> RULES.stream().map(r -> Arguments.of(s, r)));
    }

    static Stream<Arguments> streamingMatrix() {
        return Corpus.streamingScenarios().stream().filter(s -> Corpus.streamingScenario(s).has("expect"))
                .flatMap(s -> RULES.stream().map(r -> Arguments.of(s, r)));
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("streamingMatrix")
    void quietOnStreamsNotBuiltForIt(String scenario, String rule) {
        List<String> mustFire = new java.util.ArrayList<>();
        Corpus.streamingScenario(scenario).path("mustFire").forEach(r -> mustFire.add(r.asText()));
        if (!mustFire.contains(rule)) {
            List<Finding> loud = RuleTesting.advise(Corpus.streamingFacts(scenario), java.util.Map.of()).findings().stream()
                    .filter(f -> f.rule().equals(rule) && f.severity().compareTo(Severity.LOW) > 0).toList();
            assertTrue(loud.isEmpty(), rule + " fired on " + scenario + ": " + loud.stream().map(Finding::title).toList());
        }
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("matrix")
    void firesOnlyWhereItShould(String scenario, String rule) {
        Advice advice = RuleTesting.advise(scenario);
        if (Corpus.mustFire(scenario).contains(rule)) {
            RuleTesting.firedAtItsStake(advice, rule, Corpus.facts(scenario));
        } else {
            List<Finding> loud = advice.findings().stream()
                    .filter(f -> f.rule().equals(rule) && f.severity().compareTo(Severity.LOW) > 0).toList();
            assertTrue(loud.isEmpty(), rule + " fired on " + scenario + ": " + loud.stream().map(Finding::title).toList());
        }
    }
}
