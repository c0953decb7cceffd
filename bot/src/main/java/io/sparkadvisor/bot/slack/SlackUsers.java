package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.response.users.UsersInfoResponse;
import io.sparkadvisor.bot.access.SlackDirectory;
import java.util.Optional;

/** {@link SlackDirectory} through Slack's {@code users.info} (scopes users:read and users:read.email). */
public final class SlackUsers implements SlackDirectory {
    private final MethodsClient client;

    public SlackUsers(MethodsClient client) {
        this.client = client;
    }

    /** A failed call throws (and is not taken as "no email"): the person is asked about again next time. */
    @Override
    public Optional<String> email(String userId) {
        UsersInfoResponse info;
        try {
            info = client.usersInfo(r -> r.user(userId));
        } catch (Exception e) {
            throw new SlackCallException("users.info failed: " + e.getClass().getSimpleName(), e);
        }
        if (!info.isOk()) {
            throw new SlackCallException("users.info answered " + info.getError(), null);
        }
        return Optional.ofNullable(info.getUser()).map(u -> u.getProfile()).map(p -> p.getEmail());
    }
}
