package io.sparkadvisor.bot.approvals;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.cli.BadInputException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may approve a change: the Slack users in {@code SPARK_ADVISOR_APPROVERS}, and the members of
 * the user group {@code SPARK_ADVISOR_APPROVER_GROUP} (asked of Slack at each click, so a removal
 * counts at once). With {@code SPARK_ADVISOR_SELF_APPROVAL=deny} (the default) the person who asked
 * for the analysis cannot approve its changes: a second pair of eyes.
 */
public record ApprovalPolicy(Set<String> approvers, String approverGroup, boolean selfApproval) {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalPolicy.class);

    public static ApprovalPolicy fromEnvironment(Map<String, String> env) {
        Set<String> approvers = Arrays.stream(env.getOrDefault("SPARK_ADVISOR_APPROVERS", "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        String group = env.getOrDefault("SPARK_ADVISOR_APPROVER_GROUP", "").trim();
        String self = env.getOrDefault("SPARK_ADVISOR_SELF_APPROVAL", "deny").trim();
        if (!self.equals("deny") && !self.equals("allow")) {
            throw new BadInputException("SPARK_ADVISOR_SELF_APPROVAL is malformed: \"" + self + "\" is neither deny nor allow");
        }
        return new ApprovalPolicy(approvers, group.isEmpty() ? null : group, self.equals("allow"));
    }

    /** Whether {@code userId} is an approver at all (to approve or reject). */
    boolean isApprover(MethodsClient slack, String userId) {
        return approvers.contains(userId) || (approverGroup != null && inGroup(slack, userId));
    }

    /** {@code requesters}: everyone who asked for the analysis, in any post of it. */
    boolean forbidsSelfApproval(String userId, Collection<String> requesters) {
        return !selfApproval && requesters.contains(userId);
    }

    private boolean inGroup(MethodsClient slack, String userId) {
        try {
            var members = slack.usergroupsUsersList(r -> r.usergroup(approverGroup));
            if (!members.isOk()) {
                LOG.warn("cannot list approver group {}: {}", approverGroup, members.getError());
                return false;
            }
            return members.getUsers().contains(userId);
        } catch (Exception e) {
            LOG.warn("cannot list approver group {}: {}", approverGroup, e.getClass().getSimpleName());
            return false;
        }
    }
}
