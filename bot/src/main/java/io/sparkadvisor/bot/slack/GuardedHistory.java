package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.bot.approvals.JobHistory;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;
import java.util.Optional;

/** {@code history <job>} for a person: only someone the workspace knows, and only for a job they may see (CAN VIEW). */
final class GuardedHistory {
    private final JobHistory history;
    private final AccessService access;

    GuardedHistory(JobHistory history, AccessService access) {
        this.history = history;
        this.access = access;
    }

    List<SlackMessage> answer(String job, String userId, MethodsClient client) {
        SlackUsers directory = new SlackUsers(client);
        if (access.person(userId, directory) instanceof Decision.Refused refused) {
            return List.of(SlackMessages.notice(refused.reason()));
        }
        return history.answer(job, jobId -> access.mayOnJob(userId, jobId, JobPermission.CAN_VIEW, directory) instanceof Decision.Refused r
                ? Optional.of(SlackMessages.notice(r.reason())) : Optional.empty());
    }
}
