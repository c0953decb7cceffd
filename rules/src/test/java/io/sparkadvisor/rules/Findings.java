package io.sparkadvisor.rules;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import java.util.Optional;

/** Test helper: the finding a rule raises on a corpus scenario, with default or overridden thresholds. */
public final class Findings {
    private Findings() {}

    public static Optional<Finding> of(String rule, String scenario) {
        return of(rule, scenario, Map.of());
    }

    public static Optional<Finding> of(String rule, String scenario, Map<String, String> overrides) {
        return new Advisor(Thresholds.withOverrides(overrides)).advise(Corpus.facts(scenario)).findings().stream()
                .filter(f -> f.rule().equals(rule)).findFirst();
    }
}
