package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.ChangeHistory;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** {@code /spark-advisor history <job>}: the steps decided for a job, their state, by whom and when, and their measured effect. */
public final class JobHistory {
    private final Workspace workspace;
    private final Changes changes;

    public JobHistory(Workspace workspace, Changes changes) {
        this.workspace = workspace;
        this.changes = changes;
    }

    /**
     * The answer, in as many messages as it takes; a job the workspace does not know is named in it, not thrown.
     * {@code refusal} says why the asker may not see the job it resolved to, if they may not.
     */
    public List<SlackMessage> answer(String job, Function<Long, Optional<SlackMessage>> refusal) {
        if (job.isBlank()) {
            return List.of(SlackMessages.notice(ApprovalReply.HISTORY_USAGE.text()));
        }
        Long jobId;
        try {
            jobId = workspace.resolve(job.startsWith("job:") ? job : "job:" + job).jobId();
        } catch (WorkspaceException | IllegalArgumentException e) {
            return List.of(SlackMessages.notice(ErrorReply.WARNING.text("reason", e.getMessage())));
        }
        if (jobId == null) {
            return List.of(SlackMessages.notice(ApprovalReply.NOT_A_JOB.text("job", job)));
        }
        Optional<SlackMessage> refused = refusal.apply(jobId);
        if (refused.isPresent()) {
            return List.of(refused.get());
        }
        List<ChangeHistory> decided = changes.history(jobId);
        if (decided.isEmpty()) {
            return List.of(SlackMessages.notice(ApprovalReply.NOTHING_DECIDED.text("jobId", jobId)));
        }
        return ChangeMessages.history(jobId, decided.stream().map(c -> new ChangeMessages.Decided(c.rule(), c.step(), c.runId(),
                c.state().id(), c.decidedBy(), c.decidedAt(), c.verdict())).toList());
    }
}
