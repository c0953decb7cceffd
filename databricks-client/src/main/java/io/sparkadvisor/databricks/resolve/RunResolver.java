package io.sparkadvisor.databricks.resolve;

import com.databricks.sdk.service.jobs.Run;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspaceSource;
import java.util.List;
import java.util.Optional;

/** Turns what a user pasted into a run that exists, asking the workspace only as much as needed. */
public final class RunResolver {
    private final WorkspaceSource source;
    private final RunReads runs;
    private final Optional<WorkspaceIdentity> workspace;

    /** @param workspace the live workspace links must come from; empty for recorded answers, which take any link */
    public RunResolver(WorkspaceSource source, RunReads runs, Optional<WorkspaceIdentity> workspace) {
        this.source = source;
        this.runs = runs;
        this.workspace = workspace;
    }

    /**
     * Throws IllegalArgumentException for text that cannot name a run, WorkspaceNotFoundException when
     * it names none, and for a link from another workspace or whose job is not the run's, an
     * {@link OtherWorkspaceLinkException} or {@link LinkJobMismatchException} before any analysis.
     */
    public RunRef resolve(String input) {
        RunQuery query = RunQueryParser.parse(input);
        if (query instanceof RunQuery.RunLink link) {
            workspace.ifPresent(w -> w.check(link));
            Run run = runs.read(link.runId());
            if (!Long.valueOf(link.jobId()).equals(run.getJobId())) {
                throw new LinkJobMismatchException(link.runId(), run.getJobId(), link.jobId());
            }
            return ref(run, link.workspaceId());
        }
        if (query instanceof RunQuery.RunId id) {
            return ref(runs.read(id.runId()), null);
        }
        if (query instanceof RunQuery.JobId id) {
            return latestCompletedRun(id.jobId());
        }
        if (query instanceof RunQuery.RunOrJobId id) {
            try {
                return ref(runs.read(id.id()), null);
            } catch (WorkspaceNotFoundException notARun) {
                return latestCompletedRun(id.id());
            }
        }
        return latestCompletedRun(jobNamed(((RunQuery.JobName) query).name()));
    }

    private long jobNamed(String name) {
        List<Long> ids = source.jobIdsNamed(name);
        if (ids.isEmpty()) {
            throw new WorkspaceNotFoundException("No job is named \"" + name + "\" in this workspace"
                    + " (the whole name is matched, in any case). Paste the run link or the job id instead.");
        }
        if (ids.size() > 1) {
            throw new AmbiguousJobNameException(name, ids);
        }
        return ids.get(0);
    }

    /** The job's latest completed run; WorkspaceNotFoundException when it has none. */
    public RunRef latestCompletedRun(long jobId) {
        long runId = source.latestCompletedRunId(jobId).orElseThrow(() -> new WorkspaceNotFoundException(
                "Job " + jobId + " has no completed run yet (or no such run or job exists). Ask again after a run finishes."));
        return ref(runs.read(runId), null);
    }

    /** A task run (pasted from a task's page) stands for the job run it belongs to. */
    private static RunRef ref(Run run, Long workspaceId) {
        long jobRun = Optional.ofNullable(run.getJobRunId()).orElse(run.getRunId());
        return new RunRef(jobRun, run.getJobId(), workspaceId);
    }
}
