package io.sparkadvisor.databricks.apply;

/** The settings before a change and after it; what is kept of it is its {@link #step()}. */
public record AppliedChange(SettingsSnapshot before, SettingsSnapshot after) {
    /** The keys the change touched, with the fingerprints that guard a roll back. */
    public StepDelta step() {
        return StepDelta.between(before, after);
    }
}
