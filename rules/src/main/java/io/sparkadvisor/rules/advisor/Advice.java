package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import java.util.List;

/** The advisor's answer for one run: findings ordered by estimated impact, largest first. */
public record Advice(ApplicationFacts application, Coverage coverage, List<Finding> findings) {}
