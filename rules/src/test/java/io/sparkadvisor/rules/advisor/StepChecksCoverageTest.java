package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus run, alone and joined with each cluster fixture (the infrastructure rules need one):
 * every step the bot can apply carries at least one check, and every metric a check names can be
 * measured on the run the advice came from. A check that cannot be measured on its own baseline
 * would fail every follow-up.
 */
class StepChecksCoverageTest {
    private static final List<String> CLUSTERS = List.of("gcp-1core-5g-executors.json", "aws-r5-1core-40g-executors.json",
            "aws-i3-dedicated.json");

    static Stream<Arguments> runs() {
        return Corpus.scenarios().stream().flatMap(s -> Stream.concat(Stream.of(Arguments.of(s, "")),
                CLUSTERS.stream().map(c -> Arguments.of(s, c))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("runs")
    void everyApplicableStepIsMeasurableOnItsBaseline(String scenario, String cluster) {
        RunFacts baseline = cluster.isEmpty() ? Corpus.facts(scenario) : RuleTesting.withCluster(scenario, cluster);
        for (Finding f : RuleTesting.advise(baseline, Map.of()).findings()) {
            for (Step step : f.recommendation().steps()) {
                String where = f.rule() + " step " + step.step();
                if (step.changes().stream().anyMatch(Change::applicable)) {
                    assertFalse(step.verify().isEmpty(), where + " can be applied but has no check");
                }
                step.verify().forEach(c -> assertTrue(c.metric().value(baseline).isPresent(),
                        where + ": " + c.metric() + " is not measured on its baseline"));
            }
        }
    }
}
