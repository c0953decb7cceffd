package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.util.List;
import java.util.Map;

/** Test helper: a rule's step checks from a baseline run, and which of them pass on a next run. */
public final class Verdicts {
    /** A check's outcome as {@link #outcomes} spells it, short enough to line up in assertions. */
    public static final String P = "pass";
    public static final String F = "FAIL";

    private Verdicts() {}

    public static List<String> metrics(List<MetricCheck> checks) {
        return checks.stream().map(c -> c.metric().toString()).toList();
    }

    /** The checks of a step (1-based) of the rule's finding on the baseline run. */
    public static List<MetricCheck> checks(String rule, RunFacts baseline, int step) {
        return checks(rule, baseline, step, Map.of());
    }

    /** The same, with thresholds set as {@code overrides}. */
    public static List<MetricCheck> checks(String rule, RunFacts baseline, int step, Map<String, String> overrides) {
        Finding f = RuleTesting.finding(RuleTesting.advise(baseline, overrides), rule)
                .orElseThrow(() -> new AssertionError(rule + " did not fire"));
        return f.recommendation().steps().get(step - 1).verify();
    }

    /**
     * One "pass" or "FAIL" per check, in order, for a successful next run. The next runs here are other jobs standing in
     * for a run with the metric a check needs, so their stages are read by id, as checks stored before stage signatures
     * are; how a check finds its stage in a real next run is StagePairsTest's.
     */
    public static List<String> outcomes(List<MetricCheck> checks, RunFacts baseline, RunFacts after) {
        return FollowUp.evaluate(byId(checks), baseline, after, true).rows().stream().map(r -> r.passed() ? P : F).toList();
    }

    /** The checks without their stages' signatures: each reads the stage with its id in any run. */
    public static List<MetricCheck> byId(List<MetricCheck> checks) {
        return checks.stream().map(c -> new MetricCheck(c.metric(), c.comparison(), c.bound(), c.text(), c.baseline())).toList();
    }

    public static List<String> outcomes(List<MetricCheck> checks, RunFacts baseline, String after) {
        return outcomes(checks, baseline, Corpus.facts(after));
    }
}
