package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import java.util.List;

/**
 * The advisor's answer for one run: how the run ended (its outcome leads the report), the notes where the log and its
 * compute disagree, findings ordered by estimated impact, largest first, and the rules that failed on this run (their
 * checks are missing from the findings).
 */
public record Advice(ApplicationFacts application, Coverage coverage, Outcome outcome, List<RunNotes.Note> notes,
        List<Finding> findings, List<RuleFailure> failures) {
    public Advice {
        outcome = outcome == null ? Outcome.NONE : outcome;
        notes = notes == null ? List.of() : List.copyOf(notes);
        failures = failures == null ? List.of() : List.copyOf(failures);
    }

    public Advice(ApplicationFacts application, Coverage coverage, List<Finding> findings, List<RuleFailure> failures) {
        this(application, coverage, Outcome.NONE, List.of(), findings, failures);
    }

    public Advice(ApplicationFacts application, Coverage coverage, List<Finding> findings) {
        this(application, coverage, findings, List.of());
    }
}
