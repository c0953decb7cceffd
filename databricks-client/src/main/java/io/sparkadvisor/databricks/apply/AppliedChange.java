package io.sparkadvisor.databricks.apply;

/** The settings before a change (keep them to roll back) and after it (their fingerprint guards the rollback). */
public record AppliedChange(SettingsSnapshot before, SettingsSnapshot after) {
}
