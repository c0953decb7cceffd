package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import java.util.List;

/**
 * The advisor's answer for one run: findings ordered by estimated impact, largest first, and the
 * rules that failed on this run (their checks are missing from the findings).
 */
public record Advice(ApplicationFacts application, Coverage coverage, List<Finding> findings, List<RuleFailure> failures) {
    public Advice {
        failures = failures == null ? List.of() : List.copyOf(failures);
    }

    public Advice(ApplicationFacts application, Coverage coverage, List<Finding> findings) {
        this(application, coverage, findings, List.of());
    }
}
