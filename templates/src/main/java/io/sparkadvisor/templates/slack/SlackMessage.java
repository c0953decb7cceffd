package io.sparkadvisor.templates.slack;

/**
 * One Slack message: {@code text} is the notification and screen-reader fallback, {@code blocksJson}
 * the Block Kit array, ready for {@code chat.postMessage} / {@code chat.update} as {@code blocks}.
 */
public record SlackMessage(String text, String blocksJson) {}
