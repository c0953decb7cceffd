package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.knowledge.Redactor;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Changes a job's cluster definitions or its own top-level fields with a minimal read-modify-write on the job's raw JSON, and
 * puts recorded settings back. Raw, because an entry is sent back whole: rebuilt from the SDK's
 * classes it would lose every field this SDK version does not model. The Jobs API has no
 * compare-and-set, so the fingerprint check narrows, but cannot close, the window for an edit made
 * outside the bot; the bot's own changes to a job are serialised by its job lock.
 */
public final class JobSettingsEditor {
    /** Changes to production jobs are worth a line each in the operator's log. */
    private static final Logger LOG = LoggerFactory.getLogger(JobSettingsEditor.class);

    private final WorkspaceSource source;

    public JobSettingsEditor(WorkspaceSource source) {
        this.source = source;
    }

    public SettingsSnapshot current(long jobId) {
        return SettingsSnapshot.of(jobId, source.jobSettings(jobId));
    }

    /**
     * Sends only what the change edits: the changed cluster entry ({@code jobs/update} merges {@code job_clusters} and
     * {@code tasks} by key but replaces each entry whole, so the entry carries its full spec), or the job's changed
     * top-level fields alone.
     */
    public AppliedChange apply(long jobId, SettingsChange change, String expectedFingerprint, BeforeSend beforeSend) {
        ObjectNode settings = source.jobSettings(jobId);
        SettingsSnapshot before = requireUnchanged(SettingsSnapshot.of(jobId, settings), expectedFingerprint);
        ObjectNode update = changed(jobId, settings, change); // edits settings too, which become the expected result
        beforeSend.sending(before, SettingsSnapshot.of(jobId, settings));
        source.updateJob(jobId, update, change instanceof JobChange job ? job.removed() : List.of());
        AppliedChange applied = new AppliedChange(before, current(jobId));
        LOG.info("Job {}: applied {} (settings {} -> {})", jobId, Redactor.redact(change.toString()), before.fingerprint(),
                applied.after().fingerprint());
        return applied;
    }

    /**
     * The settings {@link #apply} would leave when it starts from {@code before}, computed without a
     * call: comparing them with the job's settings tells whether an interrupted apply reached the job.
     */
    public static SettingsSnapshot expectedAfter(SettingsSnapshot before, SettingsChange change) {
        ObjectNode settings = SdkJson.object(before.settingsJson(), "the settings of job " + before.jobId());
        changed(before.jobId(), settings, change);
        return SettingsSnapshot.of(before.jobId(), settings);
    }

    /** The update that makes the change, which is made on {@code settings} too. */
    private static ObjectNode changed(long jobId, ObjectNode settings, SettingsChange change) {
        return change instanceof JobChange job ? job.applyTo(settings) : changedEntry(jobId, settings, (ClusterChange) change);
    }

    /** Settings holding only the targeted job cluster or task, changed (the entry inside {@code settings} is edited too). */
    private static ObjectNode changedEntry(long jobId, ObjectNode settings, ClusterChange change) {
        ObjectNode update = settings.objectNode();
        if (change.target() instanceof ClusterTarget.JobCluster target) {
            ObjectNode entry = find(settings, "job_clusters", "job_cluster_key", target.jobClusterKey(), jobId, "job cluster");
            if (!(entry.get("new_cluster") instanceof ObjectNode spec)) {
                throw new WorkspaceException("Job cluster " + target.jobClusterKey() + " of job " + jobId + " has no new_cluster to change.");
            }
            change.applyTo(spec);
            update.putArray("job_clusters").add(entry.deepCopy());
            return update;
        }
        if (!(change.target() instanceof ClusterTarget.TaskCluster taskCluster)) {
            throw new WorkspaceException("Job " + jobId + " runs on serverless compute: it has no cluster to change, only its own settings.");
        }
        String taskKey = taskCluster.taskKey();
        ObjectNode task = find(settings, "tasks", "task_key", taskKey, jobId, "task");
        if (!(task.get("new_cluster") instanceof ObjectNode spec)) {
            throw new WorkspaceException("Task " + taskKey + " of job " + jobId + " has no cluster of its own ("
                    + (task.hasNonNull("job_cluster_key") ? "it uses job cluster " + task.get("job_cluster_key").asText()
                            : "it runs on an existing cluster or serverless") + "); change that instead.");
        }
        change.applyTo(spec);
        update.putArray("tasks").add(task.deepCopy());
        return update;
    }

    /**
     * Adds {@code rule} to the job's health rules, or replaces the rule of its metric, keeping every other rule: one
     * {@code jobs/update} carrying only {@code health}, which the API replaces whole. Returns the job as read back.
     */
    public SettingsSnapshot setHealthRule(long jobId, HealthRule rule) {
        source.updateJob(jobId, JobHealth.of(source.jobSettings(jobId)).with(rule), List.of());
        SettingsSnapshot after = current(jobId);
        LOG.info("Job {}: health rule {} > {} set", jobId, rule.metric(), rule.value());
        return after;
    }

    /**
     * Puts back the keys a step touched, unless the job was edited after that step (its settings are
     * then not those {@link StepDelta#fingerprintAfter()} names). Sends only the entries that differ
     * (see {@link RestoreUpdate}), not a {@code jobs/reset} of everything.
     */
    public SettingsSnapshot restore(long jobId, StepDelta step, BeforeSend beforeSend) {
        ObjectNode current = source.jobSettings(jobId);
        SettingsSnapshot now = requireUnchanged(SettingsSnapshot.of(jobId, current), step.fingerprintAfter());
        ObjectNode undone = step.undoneOn(current);
        Optional<RestoreUpdate> update = RestoreUpdate.of(current, undone);
        beforeSend.sending(now, SettingsSnapshot.of(jobId, undone));
        update.ifPresent(u -> source.updateJob(jobId, u.newSettings(), u.fieldsToRemove()));
        SettingsSnapshot restored = current(jobId);
        LOG.info("Job {}: put back the {} keys a change touched, settings {}", jobId, step.touched().size(), restored.fingerprint());
        return restored;
    }

    private static SettingsSnapshot requireUnchanged(SettingsSnapshot now, String expectedFingerprint) {
        if (!now.fingerprint().equals(expectedFingerprint)) {
            throw new SettingsChangedException(now.jobId(), expectedFingerprint, now.fingerprint());
        }
        return now;
    }

    private static ObjectNode find(ObjectNode settings, String array, String key, String wanted, long jobId, String kind) {
        List<String> keys = new ArrayList<>();
        for (JsonNode entry : settings.path(array)) {
            if (entry instanceof ObjectNode found && wanted.equals(entry.path(key).asText())) {
                return found;
            }
            keys.add(entry.path(key).asText());
        }
        throw new WorkspaceException("Job " + jobId + " has no " + kind + " \"" + wanted + "\" (it has: " + String.join(", ", keys) + ").");
    }
}
