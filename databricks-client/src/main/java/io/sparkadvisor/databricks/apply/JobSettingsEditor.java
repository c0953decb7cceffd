package io.sparkadvisor.databricks.apply;

import com.databricks.sdk.service.jobs.JobCluster;
import com.databricks.sdk.service.jobs.JobSettings;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.jobs.UpdateJob;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.Secrets;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceSource;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Changes a job's cluster definitions with a minimal read-modify-write, and puts recorded settings
 * back. The Jobs API has no compare-and-set, so the fingerprint check narrows, but cannot close,
 * the window for a concurrent edit.
 */
public final class JobSettingsEditor {
    /** Changes to production jobs are worth a line each in the operator's log. */
    private static final Logger LOG = LoggerFactory.getLogger(JobSettingsEditor.class);

    private final WorkspaceSource source;

    public JobSettingsEditor(WorkspaceSource source) {
        this.source = source;
    }

    public SettingsSnapshot current(long jobId) {
        return SettingsSnapshot.of(jobId, source.job(jobId).getSettings());
    }

    /**
     * Sends only the changed cluster entry: {@code jobs/update} merges {@code job_clusters} and
     * {@code tasks} by key but replaces each entry whole, so the entry carries its full spec.
     */
    public AppliedChange apply(long jobId, ClusterChange change, String expectedFingerprint, BeforeSend beforeSend) {
        JobSettings settings = source.job(jobId).getSettings();
        SettingsSnapshot before = requireUnchanged(SettingsSnapshot.of(jobId, settings), expectedFingerprint);
        JobSettings entry = changedEntry(jobId, settings, change); // edits the entry inside settings, which become the expected result
        beforeSend.sending(before, SettingsSnapshot.of(jobId, settings));
        source.updateJob(new UpdateJob().setJobId(jobId).setNewSettings(entry));
        AppliedChange applied = new AppliedChange(before, current(jobId));
        LOG.info("Job {}: applied {} (settings {} -> {})", jobId, Secrets.redact(change.toString()), before.fingerprint(),
                applied.after().fingerprint());
        return applied;
    }

    /**
     * The settings {@link #apply} would leave when it starts from {@code before}, computed without a
     * call: comparing them with the job's settings tells whether an interrupted apply reached the job.
     */
    public static SettingsSnapshot expectedAfter(SettingsSnapshot before, ClusterChange change) {
        JobSettings settings = SdkJson.read(before.settingsJson(), JobSettings.class);
        changedEntry(before.jobId(), settings, change); // edits the entry inside settings
        return SettingsSnapshot.of(before.jobId(), settings);
    }

    /** Settings holding only the targeted job cluster or task, changed. */
    private static JobSettings changedEntry(long jobId, JobSettings settings, ClusterChange change) {
        if (change.target() instanceof ClusterTarget.JobCluster target) {
            JobCluster entry = find(settings.getJobClusters(), JobCluster::getJobClusterKey, target.jobClusterKey(), jobId, "job cluster");
            change.applyTo(entry.getNewCluster());
            return new JobSettings().setJobClusters(List.of(entry));
        }
        String taskKey = ((ClusterTarget.TaskCluster) change.target()).taskKey();
        Task task = find(settings.getTasks(), Task::getTaskKey, taskKey, jobId, "task");
        if (task.getNewCluster() == null) {
            throw new WorkspaceException("Task " + taskKey + " of job " + jobId + " has no cluster of its own ("
                    + (task.getJobClusterKey() != null ? "it uses job cluster " + task.getJobClusterKey()
                            : "it runs on an existing cluster or serverless") + "); change that instead.");
        }
        change.applyTo(task.getNewCluster());
        return new JobSettings().setTasks(List.of(task));
    }

    /**
     * Puts back settings recorded before a change, unless the job was edited after that change.
     * Sends only what differs (see {@link RestoreUpdate}), not a {@code jobs/reset} of everything.
     */
    public SettingsSnapshot restore(long jobId, String recordedSettingsJson, String expectedFingerprint, BeforeSend beforeSend) {
        JobSettings current = source.job(jobId).getSettings();
        SettingsSnapshot now = requireUnchanged(SettingsSnapshot.of(jobId, current), expectedFingerprint);
        JobSettings recorded = SdkJson.read(recordedSettingsJson, JobSettings.class);
        UpdateJob update = RestoreUpdate.of(jobId, current, recorded);
        beforeSend.sending(now, SettingsSnapshot.of(jobId, recorded));
        if (update != null) {
            source.updateJob(update);
        }
        SettingsSnapshot restored = current(jobId);
        LOG.info("Job {}: restored recorded settings {}", jobId, restored.fingerprint());
        return restored;
    }

    private static SettingsSnapshot requireUnchanged(SettingsSnapshot now, String expectedFingerprint) {
        if (!now.fingerprint().equals(expectedFingerprint)) {
            throw new SettingsChangedException(now.jobId(), expectedFingerprint, now.fingerprint());
        }
        return now;
    }

    private static <T> T find(Collection<T> items, Function<T, String> key, String wanted, long jobId, String kind) {
        List<T> all = List.copyOf(Optional.ofNullable(items).orElse(List.of()));
        return all.stream().filter(i -> wanted.equals(key.apply(i))).findFirst().orElseThrow(() -> new WorkspaceException(
                "Job " + jobId + " has no " + kind + " \"" + wanted + "\" (it has: "
                        + String.join(", ", all.stream().map(key).toList()) + ")."));
    }
}
