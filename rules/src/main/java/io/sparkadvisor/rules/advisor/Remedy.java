package io.sparkadvisor.rules.advisor;

import java.util.List;

/**
 * What a rule's advice computes for one diagnosis: the title, the staged recommendation and the saving, and for a
 * reliability rule the risk to the run that ranks it above its saving ({@link Finding#risk()}; empty otherwise). The
 * engine makes the finding.
 */
public record Remedy(String title, Recommendation recommendation, Savings savings, String risk) {

    public Remedy(String title, Recommendation recommendation, Savings savings) {
        this(title, recommendation, savings, "");
    }

    /** The usual wording: messages {@code title}, {@code summaryKey}, {@code preconditions}, {@code proof}, {@code experiment}. */
    public static Remedy of(Messages m, String summaryKey, List<Step> steps, Savings savings) {
        return of(m, summaryKey, m.list("preconditions"), steps, savings);
    }

    public static Remedy of(Messages m, String summaryKey, List<String> preconditions, List<Step> steps, Savings savings) {
        return new Remedy(m.text("title"), new Recommendation(m.text(summaryKey), preconditions, steps, m.text("proof"),
                m.text("experiment")), savings);
    }

    /** This remedy, said to be about a risk to the run: the sentence says what is at risk. */
    public Remedy atRisk(String sentence) {
        return new Remedy(title, recommendation, savings, sentence);
    }
}
