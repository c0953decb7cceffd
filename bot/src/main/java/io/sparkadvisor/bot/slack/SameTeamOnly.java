package io.sparkadvisor.bot.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.slack.api.bolt.middleware.Middleware;
import com.slack.api.bolt.middleware.MiddlewareChain;
import com.slack.api.bolt.request.Request;
import com.slack.api.bolt.request.builtin.BlockActionRequest;
import com.slack.api.bolt.request.builtin.EventRequest;
import com.slack.api.bolt.request.builtin.SlashCommandRequest;
import com.slack.api.bolt.response.Response;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers members of the team that installed the bot only. In a Slack Connect channel people of
 * other organisations can type the command, mention the bot and click its buttons; they must not
 * see a workspace's job costs or approve changes to its jobs. The sender's team is the user's own
 * ({@code user_team} on events, {@code user.team_id} on clicks) where Slack gives it, else the
 * request's; the installed team is what auth.test says for the bot's token (asked once).
 */
final class SameTeamOnly implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(SameTeamOnly.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final MethodsClient slack;
    private final AtomicReference<String> installedTeam = new AtomicReference<>();

    SameTeamOnly(MethodsClient slack) {
        this.slack = slack;
    }

    @Override
    public Response apply(Request req, Response resp, MiddlewareChain chain) throws Exception {
        Optional<String> sender = senderTeam(req);
        Optional<String> installed = installedTeam();
        if (sender.isEmpty() || installed.isEmpty() || sender.get().equals(installed.get())) {
            return chain.next(req);
        }
        LOG.info("refused a {} from team {}: the bot is installed in {}", req.getRequestType(), sender.get(), installed.get());
        return req instanceof SlashCommandRequest
                ? Response.json(200, Map.of("response_type", "ephemeral", "text", AskReply.OTHER_TEAM.text()))
                : Response.ok(); // an event or a click: acked so Slack does not resend it, and nothing done
    }

    private static Optional<String> senderTeam(Request<?> req) {
        if (req instanceof SlashCommandRequest command) {
            return Optional.ofNullable(command.getPayload().getTeamId());
        }
        if (req instanceof BlockActionRequest click) {
            var user = click.getPayload().getUser();
            return Optional.ofNullable(user != null && user.getTeamId() != null ? user.getTeamId()
                    : click.getPayload().getTeam() == null ? null : click.getPayload().getTeam().getId());
        }
        if (req instanceof EventRequest event) {
            try {
                JsonNode body = JSON.readTree(event.getRequestBodyAsString());
                String userTeam = body.path("event").path("user_team").asText("");
                return Optional.of(userTeam.isEmpty() ? body.path("team_id").asText("") : userTeam).filter(t -> !t.isEmpty());
            } catch (Exception e) {
                return Optional.empty(); // Bolt itself refuses a body it cannot read
            }
        }
        return Optional.empty();
    }

    /** Empty while Slack cannot say (the check waits for a later request rather than refusing everyone). */
    private Optional<String> installedTeam() {
        if (installedTeam.get() == null) {
            try {
                var auth = slack.authTest(r -> r);
                if (auth.isOk()) {
                    installedTeam.compareAndSet(null, auth.getTeamId());
                }
            } catch (Exception e) {
                LOG.warn("auth.test failed, team not checked this time: {}", e.getClass().getSimpleName());
            }
        }
        return Optional.ofNullable(installedTeam.get());
    }
}
