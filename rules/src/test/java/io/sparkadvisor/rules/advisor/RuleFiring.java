package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Test helper: runs the rule base on hand-made evidence, to test a rule's decision apart from any log. */
public final class RuleFiring {
    private RuleFiring() {}

    public static List<Finding> fire(Map<String, String> overrides, Evidence... evidence) {
        List<RuleFailure> failures = new ArrayList<>();
        List<Finding> findings = new Advisor(Thresholds.withOverrides(overrides)).judge(List.of(evidence), failures);
        if (!failures.isEmpty()) {
            throw new AssertionError("rules failed: " + failures);
        }
        return findings;
    }

    /** The diagnoses that stand after the DRL's precedence decisions. */
    public static List<Diagnosis> diagnose(Thresholds t, Evidence... evidence) {
        return new Advisor(t).standing(List.of(evidence));
    }
}
