package io.sparkadvisor.bot.slack;

/** A Web API call failed: the transport, or Slack answered {@code ok: false} (e.g. not_in_channel). */
final class SlackCallException extends RuntimeException {
    SlackCallException(String message, Throwable cause) {
        super(message, cause);
    }
}
