package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cardinality-explosion recommendation: apply the late filter's condition below the operator
 * that multiplies the rows (on its inputs), and where the condition needs both sides, generate
 * fewer candidates (pre-aggregate or narrow the join key) so the discarded rows never exist.
 */
public final class CardinalityExplosionAdvice {
    public static final String RULE = "cardinality-explosion";

    private CardinalityExplosionAdvice() {}

    public static Finding finding(CardinalityExplosionEvidence e, Severity severity) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("operator", e.operator());
        scope.put("rowsIn", String.format("%,d", e.rowsIn()));
        scope.put("rowsOut", String.format("%,d", e.rowsOut()));
        scope.put("factor", Format.ratio(e.explosionFactor()));
        scope.put("condition", e.filterCondition());
        scope.put("inputs", inputFilters(e));
        scope.put("across", String.join(" AND ", e.conditionsAcross()));
        scope.put("kept", String.format("%,d", e.rowsKept()));
        // Shares kept are tiny by nature: two decimals of a percent, where a whole percent would read 0%.
        scope.put("share", String.format(Locale.ROOT, "%.2f%%", 100 * e.shareKept()));
        scope.put("stages", e.stageIds().toString());
        scope.put("wall", Format.duration(e.stageWallMs()));
        Messages m = Messages.of(RULE, scope);

        List<Step> steps = new ArrayList<>();
        if (e.hasInputConditions()) {
            steps.add(new Step(1, List.of(Change.code("filter before " + e.operator(), m.text("filterEarlierSnippet"))),
                    m.list("checks"), m.text("rollback")));
        }
        if (!e.conditionsAcross().isEmpty()) {
            steps.add(new Step(steps.size() + 1, List.of(Change.code("fewer candidates", m.text("fewerCandidatesSnippet"))),
                    m.list("checks"), m.text("rollback")));
        }

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("operator", e.operator());
        evidence.put("operatorNodeId", e.operatorNodeId());
        evidence.put("rowsIn", e.rowsIn());
        evidence.put("rowsOut", e.rowsOut());
        evidence.put("explosionFactor", Format.round(e.explosionFactor()));
        evidence.put("filterNodeId", e.filterNodeId());
        evidence.put("filterCondition", e.filterCondition());
        evidence.put("inputConditions", e.inputConditions());
        evidence.put("conditionsAcross", e.conditionsAcross());
        evidence.put("rowsIntoFilter", e.rowsIntoFilter());
        evidence.put("rowsKept", e.rowsKept());
        evidence.put("shareKept", e.shareKept()); // tiny by nature: rounding to 3 places would read 0
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("executionId", e.executionId());

        // Upper bound: the stages' work on rows the filter later drops.
        double discarded = 1 - e.shareKept();
        return new Finding(RULE, Layer.QUERY_PLAN, severity, m.text("title"), e.stageIds(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), steps, m.text("proof"), m.text("experiment")),
                new Savings(Math.round(e.stageWallMs() * discarded),
                        Format.round(e.stages().taskMs() * discarded / 3_600_000)));
    }

    /** Each input with the parts of the condition it can evaluate alone: name and AND-ed condition. */
    private static List<Map<String, String>> inputFilters(CardinalityExplosionEvidence e) {
        List<Map<String, String>> out = new ArrayList<>();
        List<List<String>> byInput = e.inputConditions();
        for (int i = 0; i < byInput.size(); i++) {
            if (!byInput.get(i).isEmpty()) {
                out.add(Map.of("name", inputName(i, byInput.size()), "conditions", String.join(" AND ", byInput.get(i))));
            }
        }
        return out;
    }

    private static String inputName(int index, int inputs) {
        if (inputs == 1) {
            return "input";
        }
        return inputs == 2 ? (index == 0 ? "left" : "right") : "input" + (index + 1);
    }
}
