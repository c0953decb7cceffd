package io.sparkadvisor.bot.access;

import java.util.Map;
import java.util.Optional;

/**
 * Which Databricks group stands for the readers of a Slack channel ({@code access.channels} in the
 * config file, e.g. {@code C0DATA: data-eng}): answers about a job that group may see, or values of a
 * table it may read, are posted in that channel. The operator vouches that the channel's members are
 * in the group.
 */
public record ChannelGroups(Map<String, String> channels) {
    public static final ChannelGroups NONE = new ChannelGroups(Map.of());

    public ChannelGroups {
        channels = channels == null ? Map.of() : Map.copyOf(channels);
    }

    public Optional<String> groupOf(String channel) {
        return Optional.ofNullable(channels.get(channel));
    }

    /** Slack's direct-message channels start with D: only the person and the bot read them. */
    public static boolean isDirect(String channel) {
        return channel != null && channel.startsWith("D");
    }
}
