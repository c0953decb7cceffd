package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.BotSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may approve a change: the Slack users in {@code SPARK_ADVISOR_APPROVERS}, and the members of
 * the user group {@code SPARK_ADVISOR_APPROVER_GROUP} (asked of Slack at most once a minute,
 * {@link #GROUP_KEPT}). With {@code SPARK_ADVISOR_SELF_APPROVAL=deny}
 * (the default) the person who asked for the analysis cannot approve its changes: a second pair of eyes.
 */
public final class ApprovalPolicy {
    /** How long a read of the group's members stands in for Slack's answer. */
    public static final Duration GROUP_KEPT = SlackGroup.KEPT;

    private final Set<String> approvers;
    private final Optional<SlackGroup> approverGroup;
    private final boolean selfApproval;

    private ApprovalPolicy(Set<String> approvers, Optional<SlackGroup> approverGroup, boolean selfApproval) {
        this.approvers = approvers;
        this.approverGroup = approverGroup;
        this.selfApproval = selfApproval;
    }

    public static ApprovalPolicy fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, Clock.systemUTC());
    }

    /** {@code clock}: when a read of the group's members gets old. */
    public static ApprovalPolicy fromEnvironment(Map<String, String> env, Clock clock) {
        Set<String> approvers = Set.copyOf(BotSettings.APPROVERS.read(env).orElse(List.of()));
        return new ApprovalPolicy(approvers, SlackGroup.fromEnvironment(env, BotSettings.APPROVER_GROUP, "approver", clock),
                BotSettings.SELF_APPROVAL.get(env).equals("allow"));
    }

    /** Whether {@code userId} is an approver at all (to approve or reject; also a digest admin, {@link DigestAdmins}). */
    public boolean isApprover(SlackDirectory slack, String userId) {
        return approvers.contains(userId) || approverGroup.filter(g -> g.includes(slack, userId)).isPresent();
    }

    /** {@code requesters}: everyone who asked for the analysis, in any post of it. */
    boolean forbidsSelfApproval(String userId, Collection<String> requesters) {
        return !selfApproval && requesters.contains(userId);
    }
}
