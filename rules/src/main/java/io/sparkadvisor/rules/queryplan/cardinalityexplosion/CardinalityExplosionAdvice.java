package io.sparkadvisor.rules.queryplan.cardinalityexplosion;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cardinality-explosion recommendation: apply the late filter's condition below the operator
 * that multiplies the rows (on its inputs), and where the condition needs both sides, generate
 * fewer candidates (pre-aggregate or narrow the join key) so the discarded rows never exist.
 */
final class CardinalityExplosionAdvice {
    private CardinalityExplosionAdvice() {}

    /** One input of the operator with the parts of the condition it can evaluate alone, AND-ed (the template's {@code inputs}). */
    record InputFilter(String name, String conditions) {}

    static Remedy remedy(CardinalityExplosionEvidence e, Diagnosis d, Thresholds t) {
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
        Messages m = Messages.of(CardinalityExplosionRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        if (e.hasInputConditions()) {
            steps.add(new Step(1, List.of(Change.code(m.text("filterEarlierChange"), m.text("filterEarlierSnippet"))),
                    m.list("checks"), m.text("rollback")));
        }
        if (!e.conditionsAcross().isEmpty()) {
            steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("fewerCandidatesChange"),
                    m.text("fewerCandidatesSnippet"))), m.list("checks"), m.text("rollback")));
        }

        // Upper bound: the stages' work on rows the filter later drops.
        double discarded = 1 - e.shareKept();
        return Remedy.of(m, "summary", steps,
                Savings.of(Math.round(e.stageWallMs() * discarded), e.stages().taskMs() * discarded));
    }

    /** Each input with the parts of the condition it can evaluate alone, in plan order. */
    private static List<InputFilter> inputFilters(CardinalityExplosionEvidence e) {
        List<InputFilter> out = new ArrayList<>();
        List<List<String>> byInput = e.inputConditions();
        for (int i = 0; i < byInput.size(); i++) {
            if (!byInput.get(i).isEmpty()) {
                out.add(new InputFilter(inputName(i, byInput.size()), String.join(" AND ", byInput.get(i))));
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
