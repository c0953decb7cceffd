package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.response.users.UsersInfoResponse;
import io.sparkadvisor.bot.access.SlackDirectory;
import java.util.List;
import java.util.Optional;

/**
 * {@link SlackDirectory} through Slack's {@code users.info} (scopes users:read and users:read.email) and
 * {@code usergroups.users.list} (usergroups:read).
 */
public final class SlackUsers implements SlackDirectory {
    private final MethodsClient client;

    public SlackUsers(MethodsClient client) {
        this.client = client;
    }

    /** A failed call throws (and is not taken as "no email"): the person is asked about again next time. */
    @Override
    public Optional<String> email(String userId) {
        UsersInfoResponse info = call("users.info", () -> client.usersInfo(r -> r.user(userId)));
        if (!info.isOk()) {
            throw new SlackCallException("users.info answered " + info.getError(), null);
        }
        return Optional.ofNullable(info.getUser()).map(u -> u.getProfile()).map(p -> p.getEmail());
    }

    @Override
    public List<String> groupMembers(String groupId) {
        var listed = call("usergroups.users.list", () -> client.usergroupsUsersList(r -> r.usergroup(groupId)));
        if (!listed.isOk()) {
            throw new SlackCallException("usergroups.users.list answered " + listed.getError(), null);
        }
        return List.copyOf(listed.getUsers());
    }

    private interface Call<T> {
        T run() throws Exception;
    }

    private static <T> T call(String method, Call<T> call) {
        try {
            return call.run();
        } catch (Exception e) {
            throw new SlackCallException(method + " failed: " + e.getClass().getSimpleName(), e);
        }
    }
}
