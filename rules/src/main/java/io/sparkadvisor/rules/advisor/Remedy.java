package io.sparkadvisor.rules.advisor;

import java.util.List;

/** What a rule's advice computes for one diagnosis: the title, the staged recommendation and the saving. The engine makes the finding. */
public record Remedy(String title, Recommendation recommendation, Savings savings) {

    /** The usual wording: messages {@code title}, {@code summaryKey}, {@code preconditions}, {@code proof}, {@code experiment}. */
    public static Remedy of(Messages m, String summaryKey, List<Step> steps, Savings savings) {
        return of(m, summaryKey, m.list("preconditions"), steps, savings);
    }

    public static Remedy of(Messages m, String summaryKey, List<String> preconditions, List<Step> steps, Savings savings) {
        return new Remedy(m.text("title"), new Recommendation(m.text(summaryKey), preconditions, steps, m.text("proof"),
                m.text("experiment")), savings);
    }
}
