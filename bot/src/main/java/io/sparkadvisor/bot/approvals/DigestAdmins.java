package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.access.SlackDirectory;
import java.time.Clock;
import io.sparkadvisor.bot.config.BotSettings;
import java.util.Map;
import java.util.Optional;

/**
 * Who may spend warehouse time on a fleet scan and decide which channels get the cost digest
 * ({@code scan}, {@code digest subscribe} and {@code unsubscribe}): the approvers, and the members
 * of the Slack user group {@code SPARK_ADVISOR_DIGEST_ADMIN_GROUP}, for teams whose digest is run
 * by people who do not approve job changes. Everyone else is refused: cost data and job names go
 * only where one of them chose to send them.
 */
public final class DigestAdmins {
    public static final String GROUP_SETTING = BotSettings.DIGEST_ADMIN_GROUP.key();

    private final ApprovalPolicy approvers;
    private final Optional<SlackGroup> group;

    private DigestAdmins(ApprovalPolicy approvers, Optional<SlackGroup> group) {
        this.approvers = approvers;
        this.group = group;
    }

    /** {@code clock}: when a read of the group's members gets old. */
    public static DigestAdmins fromEnvironment(Map<String, String> env, ApprovalPolicy approvers, Clock clock) {
        return new DigestAdmins(approvers, SlackGroup.fromEnvironment(env, BotSettings.DIGEST_ADMIN_GROUP, "digest admin", clock));
    }

    public boolean includes(SlackDirectory slack, String userId) {
        return approvers.isApprover(slack, userId) || group.filter(g -> g.includes(slack, userId)).isPresent();
    }
}
