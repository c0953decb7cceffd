package io.sparkadvisor.rules.advisor;

import java.util.List;
import java.util.Map;

/** One diagnosed problem: which rule, how bad, the numbers behind it and what to do. Evidence keys are documented per rule. */
public record Finding(String rule, Layer layer, Severity severity, String title, List<Integer> stageIds,
        Map<String, Object> evidence, Recommendation recommendation, Savings savings) {}
