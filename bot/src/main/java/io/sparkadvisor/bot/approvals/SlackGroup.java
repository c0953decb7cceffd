package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.config.Setting;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The members of a chat user group that grants a right, asked of the chat at most once per
 * {@link #KEPT}: a burst of clicks or commands is one usergroups.users.list call, and a removal
 * from the group counts within a minute. A read that fails is not kept and grants nobody.
 */
final class SlackGroup {
    private static final Logger LOG = LoggerFactory.getLogger(SlackGroup.class);
    /** How long a read of the members stands in for Slack's answer. */
    static final Duration KEPT = Duration.ofMinutes(1);

    private final String id;
    /** What membership grants, for the log: "approver", "digest admin". */
    private final String role;
    private final Clock clock;
    private volatile Members members = new Members(List.of(), Instant.MIN);

    private record Members(List<String> users, Instant readAt) {}

    private SlackGroup(String id, String role, Clock clock) {
        this.id = id;
        this.role = role;
        this.clock = clock;
    }

    /** The group whose id the setting {@code variable} holds; empty when it is unset or blank. */
    static Optional<SlackGroup> fromEnvironment(Map<String, String> env, Setting<String> variable, String role, Clock clock) {
        return variable.read(env).map(id -> new SlackGroup(id, role, clock));
    }

    boolean includes(SlackDirectory slack, String userId) {
        return members(slack).contains(userId);
    }

    private List<String> members(SlackDirectory slack) {
        Members known = members;
        if (known.readAt().isAfter(clock.instant().minus(KEPT))) {
            return known.users();
        }
        try {
            List<String> users = slack.groupMembers(id);
            members = new Members(users, clock.instant());
            return users;
        } catch (RuntimeException e) {
            LOG.warn("cannot list {} group {}: {}", role, id, e.getMessage());
            return List.of();
        }
    }
}
