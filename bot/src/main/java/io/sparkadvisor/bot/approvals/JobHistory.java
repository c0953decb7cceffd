package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.ChangeHistory;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;

/** {@code /spark-advisor history <job>}: the steps decided for a job, their state, by whom and when, and their measured effect. */
public final class JobHistory {
    public static final String USAGE = "Which job? Ask `/spark-advisor history <job id or name>`.";

    private final Workspace workspace;
    private final Changes changes;

    public JobHistory(Workspace workspace, Changes changes) {
        this.workspace = workspace;
        this.changes = changes;
    }

    /** The answer, in as many messages as it takes; a job the workspace does not know is named in it, not thrown. */
    public List<SlackMessage> answer(String job) {
        if (job.isBlank()) {
            return List.of(SlackMessages.notice(USAGE));
        }
        Long jobId;
        try {
            jobId = workspace.resolve(job.startsWith("job:") ? job : "job:" + job).jobId();
        } catch (WorkspaceException | IllegalArgumentException e) {
            return List.of(SlackMessages.notice(":warning: " + e.getMessage()));
        }
        if (jobId == null) {
            return List.of(SlackMessages.notice("`" + job + "` is not a job, so nothing was ever applied to it."));
        }
        List<ChangeHistory> decided = changes.history(jobId);
        if (decided.isEmpty()) {
            return List.of(SlackMessages.notice("No recommendation for job " + jobId + " was approved, rejected or rolled back yet."));
        }
        return ChangeMessages.history(jobId, decided.stream().map(c -> new ChangeMessages.Decided(c.rule(), c.step(), c.runId(),
                c.state().id(), c.decidedBy(), c.decidedAt(), c.verdict())).toList());
    }
}
