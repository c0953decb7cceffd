package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.execution.skew.SkewEvidence;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A rule that throws is reported, and the others still report (Sparklens isolates each analyzer the same way). */
class RuleIsolationTest {
    private static final RunFacts SKEW = Corpus.facts("skew");

    private static Advice adviseWith(Rule<SkewEvidence> replacement) {
        List<Rule<?>> rules = Rules.ALL.stream().map(r -> r == SkewRule.RULE ? replacement : r).toList();
        return new Advisor(Thresholds.defaults(), rules, java.time.Clock.systemUTC()).advise(SKEW);
    }

    private static List<String> rulesOf(Advice advice) {
        return advice.findings().stream().map(Finding::rule).toList();
    }

    @Test
    void aRuleWhoseEvidenceThrowsIsNamedAndTheOthersStillReport() {
        Rule<SkewEvidence> r = SkewRule.RULE;
        Advice advice = adviseWith(new Rule<>(r.id(), r.layer(), r.evidenceType(), (run, t) -> {
            throw new IllegalStateException("stage 4 has no tasks");
        }, r.adviser(), r.thresholds(), r.ladders(), r.chart()));
        assertEquals(List.of(new RuleFailure(r.id(), "evidence", "IllegalStateException: stage 4 has no tasks")), advice.failures());
        List<String> expected = rulesOf(new Advisor(Thresholds.defaults()).advise(SKEW)).stream()
                .filter(id -> !id.equals(r.id())).toList();
        // The others still report; a finding that gave way to the failed rule's stands now (broadcast-join on skew's join).
        assertTrue(rulesOf(advice).containsAll(expected), rulesOf(advice).toString());
        assertTrue(AdviceJson.write(advice).contains("\"ruleFailures\""));
    }

    @Test
    void aRuleWhoseAdviceThrowsIsNamedAndTheOthersStillReport() {
        Rule<SkewEvidence> r = SkewRule.RULE;
        Advice advice = adviseWith(new Rule<>(r.id(), r.layer(), r.evidenceType(), r.collector(), (e, d, t) -> {
            throw new ArithmeticException("/ by zero");
        }, r.thresholds(), r.ladders(), r.chart()));
        assertEquals(r.id(), advice.failures().get(0).rule());
        assertEquals("advice", advice.failures().get(0).phase());
        assertTrue(!rulesOf(advice).contains(r.id()));
    }

    @Test
    void aCheckItsRunCannotMeasureKeepsNoBaselineInsteadOfFailing() {
        MetricCheck check = new MetricCheck(MetricRef.parse("stage[9999].gcShare"), MetricCheck.Comparison.AT_MOST, 0.1, "GC under 10%");
        assertEquals(null, check.measuredOn(SKEW).baseline());
    }

    @Test
    void aRuleWhoseChecksThrowIsNamedAndTheOthersStillReport() {
        Rule<SkewEvidence> r = SkewRule.RULE;
        // A check built with no metric (a bug in its rule): measuring it on the run throws. A stored name that cannot be
        // parsed no longer throws: it reads as an unknown metric (MetricRefTest).
        MetricCheck unmeasurable = new MetricCheck(null, MetricCheck.Comparison.AT_MOST, 0.1, "GC under 10%");
        Advice advice = adviseWith(new Rule<>(r.id(), r.layer(), r.evidenceType(), r.collector(), (e, d, t) -> {
            Remedy real = r.adviser().advise(e, d, t);
            Recommendation rec = real.recommendation();
            Step step = new Step(1, List.of(), List.of(), "never", List.of(unmeasurable));
            return new Remedy(real.title(), new Recommendation(rec.summary(), rec.preconditions(), List.of(step), rec.proof(),
                    rec.experiment()), real.savings());
        }, r.thresholds(), r.ladders(), r.chart()));
        assertEquals(r.id(), advice.failures().get(0).rule());
        assertEquals("checks", advice.failures().get(0).phase());
        assertTrue(!rulesOf(advice).contains(r.id()));
        List<String> others = rulesOf(new Advisor(Thresholds.defaults()).advise(SKEW)).stream().filter(id -> !id.equals(r.id())).toList();
        assertEquals(others, rulesOf(advice));
    }

    @Test
    void aHealthyAnalysisReportsNoFailureAndNoFailureKey() {
        Advice advice = new Advisor(Thresholds.defaults()).advise(SKEW);
        assertEquals(List.of(), advice.failures());
        assertTrue(!AdviceJson.write(advice).contains("ruleFailures"));
    }
}
