package io.sparkadvisor.rules.advisor;

/** A rule that threw while the others went on: which rule, in which phase, and the error, so the output says what it could not check. */
public record RuleFailure(String rule, String phase, String error) {
    static RuleFailure of(String rule, String phase, RuntimeException e) {
        return new RuleFailure(rule, phase, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
}
