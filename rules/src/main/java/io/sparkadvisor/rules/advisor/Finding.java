package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One diagnosed problem: which rule, how bad, the numbers behind it and what to do. Evidence keys are documented per rule.
 *
 * @param risk why a reliability finding ranks above its saving (a failed stage, retries spent, work lost); empty for a
 *        finding about cost, whose severity its saving caps ({@link Stake}); shown in the JSON only when not empty
 */
public record Finding(String rule, Layer layer, Severity severity, String title, List<Integer> stageIds,
        Map<String, Object> evidence, Recommendation recommendation, Savings savings,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String risk) {

    public Finding {
        risk = risk == null ? "" : risk;
    }

    /** A finding about cost: no reliability risk. */
    public Finding(String rule, Layer layer, Severity severity, String title, List<Integer> stageIds,
            Map<String, Object> evidence, Recommendation recommendation, Savings savings) {
        this(rule, layer, severity, title, stageIds, evidence, recommendation, savings, "");
    }

    Finding withSeverity(Severity s) {
        return new Finding(rule, layer, s, title, stageIds, evidence, recommendation, savings, risk);
    }

    Finding withSavings(Savings s) {
        return new Finding(rule, layer, severity, title, stageIds, evidence, recommendation, s, risk);
    }
}
