package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.List;

/**
 * One stage of a recommendation: the changes, what must hold after the next full run (as sentences
 * for people and, where the rule can measure it, as {@code verify} checks the follow-up evaluates),
 * and when to undo it.
 */
public record Step(int step, List<Change> changes, List<String> checks, String rollbackWhen, List<MetricCheck> verify) {

    public Step {
        // Steps stored before evaluable checks existed read back with none.
        verify = verify == null ? List.of() : List.copyOf(verify);
    }

    /** This step with its checks' metrics measured on the run the advice is about. */
    public Step measuredOn(RunFacts run) {
        return new Step(step, changes, checks, rollbackWhen, verify.stream().map(c -> c.measuredOn(run)).toList());
    }

    public Step withChanges(List<Change> replaced) {
        return new Step(step, replaced, checks, rollbackWhen, verify);
    }

    /** A step whose checks only people can judge. */
    public Step(int step, List<Change> changes, List<String> checks, String rollbackWhen) {
        this(step, changes, checks, rollbackWhen, List.of());
    }
}
