package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.ChangeHistory;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.templates.slack.StepDecision;
import java.util.List;
import java.util.stream.Collectors;

/** {@code /spark-advisor history <job>}: the steps decided for a job, their state, by whom and when, and their measured effect. */
public final class JobHistory {
    public static final String USAGE = "Which job? Ask `/spark-advisor history <job id or name>`.";

    private final Workspace workspace;
    private final Changes changes;

    public JobHistory(Workspace workspace, Changes changes) {
        this.workspace = workspace;
        this.changes = changes;
    }

    /** The answer in Slack mrkdwn; a job the workspace does not know is named in it, not thrown. */
    public String answer(String job) {
        if (job.isBlank()) {
            return USAGE;
        }
        Long jobId;
        try {
            jobId = workspace.resolve(job.startsWith("job:") ? job : "job:" + job).jobId();
        } catch (WorkspaceException | IllegalArgumentException e) {
            return ":warning: " + e.getMessage();
        }
        if (jobId == null) {
            return "`" + job + "` is not a job, so nothing was ever applied to it.";
        }
        List<ChangeHistory> decided = changes.history(jobId);
        if (decided.isEmpty()) {
            return "No recommendation for job " + jobId + " was approved, rejected or rolled back yet.";
        }
        return "*Changes to job " + jobId + "*\n" + decided.stream().map(JobHistory::line).collect(Collectors.joining("\n"));
    }

    private static String line(ChangeHistory c) {
        return "• step " + c.step() + " of `" + c.rule() + "` (from run " + c.runId() + "): *" + c.state().id() + "* by <@"
                + c.decidedBy() + "> " + StepDecision.when(c.decidedAt()) + (c.verdict() == null ? "" : "\n" + c.verdict());
    }
}
