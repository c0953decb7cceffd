package io.sparkadvisor.rules.advisor;

import org.kie.api.definition.type.ClassReactive;

/**
 * A rule's decision, inserted by its DRL: this evidence is a problem of this severity ({@code kind}
 * tells variants of one rule apart, null when it has none). The engine turns it into a finding
 * unless the DRL also decided that it {@link GivesWay} to another.
 */
@ClassReactive // immutable: a constraint between two diagnoses (sharesStageWith) needs no property reactivity
public record Diagnosis(Evidence evidence, Severity severity, Enum<?> kind) {
    public static Diagnosis of(Evidence evidence, Severity severity) {
        return new Diagnosis(evidence, severity, null);
    }

    public static Diagnosis of(Evidence evidence, Severity severity, Enum<?> kind) {
        return new Diagnosis(evidence, severity, kind);
    }

    /** Whether both are about at least one stage in common: two remedies would compete for it. */
    public boolean sharesStageWith(Diagnosis other) {
        return evidence.stageIds().stream().anyMatch(other.evidence().stageIds()::contains);
    }
}
