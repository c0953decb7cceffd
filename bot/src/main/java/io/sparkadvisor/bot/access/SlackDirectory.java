package io.sparkadvisor.bot.access;

import java.util.List;
import java.util.Optional;

/**
 * The chat side of identity: the email a chat user's profile gives, and who is in a user group. The
 * Slack adapter reads {@code users.info} and {@code usergroups.users.list}.
 */
public interface SlackDirectory {
    /** Empty when the profile has no email (a bot, a guest, or the app lacks {@code users:read.email}). */
    Optional<String> email(String userId);

    /** The group's members now; a failed read throws, so that it is not taken as "nobody". */
    List<String> groupMembers(String groupId);
}
