package io.sparkadvisor.bot.approvals;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.cli.BadInputException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may approve a change: the Slack users in {@code SPARK_ADVISOR_APPROVERS}, and the members of
 * the user group {@code SPARK_ADVISOR_APPROVER_GROUP}. The group's members are asked of Slack at
 * most once a minute ({@link #GROUP_KEPT}): a burst of clicks is one usergroups.users.list call,
 * and a removal from the group counts within a minute. With {@code SPARK_ADVISOR_SELF_APPROVAL=deny}
 * (the default) the person who asked for the analysis cannot approve its changes: a second pair of eyes.
 */
public final class ApprovalPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalPolicy.class);
    /** How long a read of the group's members stands in for Slack's answer. */
    public static final Duration GROUP_KEPT = Duration.ofMinutes(1);

    private final Set<String> approvers;
    private final String approverGroup;
    private final boolean selfApproval;
    private final Clock clock;
    private volatile Members members = new Members(List.of(), Instant.MIN);

    private record Members(List<String> users, Instant readAt) {}

    private ApprovalPolicy(Set<String> approvers, String approverGroup, boolean selfApproval, Clock clock) {
        this.approvers = approvers;
        this.approverGroup = approverGroup;
        this.selfApproval = selfApproval;
        this.clock = clock;
    }

    public static ApprovalPolicy fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, Clock.systemUTC());
    }

    /** {@code clock}: when a read of the group's members gets old. */
    public static ApprovalPolicy fromEnvironment(Map<String, String> env, Clock clock) {
        Set<String> approvers = Arrays.stream(env.getOrDefault("SPARK_ADVISOR_APPROVERS", "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        String group = env.getOrDefault("SPARK_ADVISOR_APPROVER_GROUP", "").trim();
        String self = env.getOrDefault("SPARK_ADVISOR_SELF_APPROVAL", "deny").trim();
        if (!self.equals("deny") && !self.equals("allow")) {
            throw new BadInputException("SPARK_ADVISOR_SELF_APPROVAL is malformed: \"" + self + "\" is neither deny nor allow");
        }
        return new ApprovalPolicy(approvers, group.isEmpty() ? null : group, self.equals("allow"), clock);
    }

    /** Whether {@code userId} is an approver at all (to approve, reject, or subscribe another channel to the digest). */
    public boolean isApprover(MethodsClient slack, String userId) {
        return approvers.contains(userId) || (approverGroup != null && groupMembers(slack).contains(userId));
    }

    /** {@code requesters}: everyone who asked for the analysis, in any post of it. */
    boolean forbidsSelfApproval(String userId, Collection<String> requesters) {
        return !selfApproval && requesters.contains(userId);
    }

    /** The group's members as last read, read again once {@link #GROUP_KEPT} old; a failed read is not kept. */
    private List<String> groupMembers(MethodsClient slack) {
        Members known = members;
        if (known.readAt().isAfter(clock.instant().minus(GROUP_KEPT))) {
            return known.users();
        }
        try {
            var listed = slack.usergroupsUsersList(r -> r.usergroup(approverGroup));
            if (!listed.isOk()) {
                LOG.warn("cannot list approver group {}: {}", approverGroup, listed.getError());
                return List.of();
            }
            members = new Members(List.copyOf(listed.getUsers()), clock.instant());
            return listed.getUsers();
        } catch (Exception e) {
            LOG.warn("cannot list approver group {}: {}", approverGroup, e.getClass().getSimpleName());
            return List.of();
        }
    }
}
