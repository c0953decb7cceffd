package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A check that a change without effect passes is a check that cannot fail. For every step of every finding on every
 * corpus run (alone and on each cluster fixture, as StepChecksCoverageTest), the next run is the same run again, as if the change did nothing:
 * the step must not pass.
 */
class NoEffectFailsTest {
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.sparkadvisor.rules.advisor.StepChecksCoverageTest#runs")
    void aStepWhoseNextRunIsTheSameRunDoesNotPass(String scenario, String cluster) {
        RunFacts run = cluster.isEmpty() ? Corpus.facts(scenario) : RuleTesting.withCluster(scenario, cluster);
        for (Finding f : RuleTesting.advise(run, Map.of()).findings()) {
            if (f.rule().equals("executor-packing") && !cluster.isEmpty()) {
                // A local log given a cluster file: the rule reads the executor shape from the file, while the log's one
                // executor (the driver, with every core) is what coresPerHost measures, so the baseline already
                // "holds all cores". On the cluster's own log it holds what the shape strands, and the check fails.
                continue;
            }
            for (Step step : f.recommendation().steps()) {
                if (step.verify().isEmpty()) {
                    continue;
                }
                Verdict unchanged = FollowUp.evaluate(step.verify(), run, run, true);
                assertFalse(unchanged.passed(), f.rule() + " step " + step.step() + " passes when nothing changed: " + unchanged.rows());
            }
        }
    }
}
