package io.sparkadvisor.rules.advisor;

import java.util.Map;

/**
 * Where a check's stage is in another run of its job ({@link StageMatcher}): the stage with the most alike signature,
 * or, when no stage is alike enough or two are equally so, why the check is not comparable there.
 *
 * @param wanted        the checked stage's signature
 * @param stageId       its id in the other run; -1 when not comparable
 * @param similarity    how alike the closest stage is, 0 to 1
 * @param notComparable why no stage of the other run is the same one; null when one is
 */
public record StageMatch(StageSignature wanted, int stageId, double similarity, String notComparable) {

    public boolean found() {
        return notComparable == null;
    }

    /** Whether the stage kept its id in the other run. */
    public boolean sameId() {
        return found() && stageId == wanted.stageId();
    }

    /** For the verdict: which stage was read instead, or why none was. */
    public String note() {
        return found() ? text("stageMatched", Map.of("from", wanted.stageId(), "to", stageId,
                "similarity", Format.percent(similarity), "summary", summary(wanted))) : notComparable;
    }

    static String summary(StageSignature s) {
        return text("stageSummary", Map.of("operators", s.operators().isEmpty() ? s.callSite() : String.join(", ", s.operators()),
                "reads", String.join(", ", s.reads())));
    }

    static String text(String name, Map<String, Object> scope) {
        return Messages.of(Checks.MESSAGES, scope).text(name);
    }
}
