package io.sparkadvisor.bot.access;

import java.util.Optional;

/** The chat side of identity: the email a chat user's profile gives. The Slack adapter reads {@code users.info}. */
public interface SlackDirectory {
    /** Empty when the profile has no email (a bot, a guest, or the app lacks {@code users:read.email}). */
    Optional<String> email(String userId);
}
