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
import com.slack.api.methods.response.auth.AuthTestResponse;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers members of the organisation that installed the bot only, and nobody when it cannot tell.
 * In a Slack Connect channel people of other organisations can type the command, mention the bot
 * and click its buttons; they must not see a workspace's job costs or approve changes to its jobs.
 * The installation is what auth.test says for the bot's token (its team, and its enterprise on
 * Enterprise Grid), asked until it answers; until then commands, events and clicks are refused.
 * The sender's team is the user's own: {@code team_id} of a command, {@code user.team_id} of a
 * click, {@code user_team} of an event (its {@code team_id} only outside externally shared
 * channels, where it is the channel's host); an event's {@code authorizations} must include this
 * installation. A member of a sibling workspace of the same enterprise is one of ours.
 */
final class SameTeamOnly implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(SameTeamOnly.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Who installed the bot: a team, and the enterprise it belongs to (null outside Enterprise Grid). */
    record Installation(String teamId, String enterpriseId) {
        boolean includes(String team, String enterprise) {
            return team != null && team.equals(teamId) || enterpriseId != null && enterpriseId.equals(enterprise);
        }
    }

    /** Who sent a request: the user's team and enterprise as far as the payload tells, and the installations an event is for. */
    record Sender(String teamId, String enterpriseId, List<Installation> authorizations) {
        boolean of(Installation installation) {
            return installation.includes(teamId, enterpriseId)
                    && (authorizations.isEmpty() || authorizations.stream().anyMatch(a -> installation.includes(a.teamId(), a.enterpriseId())));
        }
    }

    private final Callable<AuthTestResponse> authTest;
    private final AtomicReference<Installation> installation = new AtomicReference<>();

    /** {@code authTest}: Slack's auth.test for the bot's token. */
    SameTeamOnly(Callable<AuthTestResponse> authTest) {
        this.authTest = authTest;
    }

    @Override
    public Response apply(Request req, Response resp, MiddlewareChain chain) throws Exception {
        if (!(req instanceof SlashCommandRequest || req instanceof BlockActionRequest || req instanceof EventRequest)) {
            return chain.next(req); // nothing the bot answers (Bolt has no handler for it)
        }
        Optional<Installation> installed = installation();
        if (installed.isEmpty()) {
            LOG.warn("refused a {}: auth.test has not said which workspace installed the bot", req.getRequestType());
            return refuse(req, AskReply.TEAM_UNCHECKED.text());
        }
        Sender sender = sender(req);
        if (sender.of(installed.get())) {
            return chain.next(req);
        }
        LOG.info("refused a {} from team {} (enterprise {}): the bot is installed in {}", req.getRequestType(),
                sender.teamId(), sender.enterpriseId(), installed.get());
        return refuse(req, AskReply.OTHER_TEAM.text());
    }

    /** A command hears why; an event or a click is acked, so Slack does not resend it, and nothing is done. */
    private static Response refuse(Request<?> req, String why) {
        return req instanceof SlashCommandRequest ? Response.json(200, Map.of("response_type", "ephemeral", "text", why)) : Response.ok();
    }

    static Sender sender(Request<?> req) {
        if (req instanceof SlashCommandRequest command) {
            var p = command.getPayload();
            return new Sender(p.getTeamId(), p.getEnterpriseId(), List.of());
        }
        if (req instanceof BlockActionRequest click) {
            var p = click.getPayload();
            String team = p.getUser() != null && p.getUser().getTeamId() != null ? p.getUser().getTeamId()
                    : p.getTeam() == null ? null : p.getTeam().getId();
            return new Sender(team, p.getEnterprise() == null ? null : p.getEnterprise().getId(), List.of());
        }
        return eventSender(((EventRequest) req).getRequestBodyAsString());
    }

    private static Sender eventSender(String body) {
        try {
            JsonNode event = JSON.readTree(body);
            String userTeam = text(event.path("event").path("user_team"));
            boolean shared = event.path("is_ext_shared_channel").asBoolean(false);
            List<Installation> authorizations = new ArrayList<>();
            event.path("authorizations").forEach(a -> authorizations.add(new Installation(text(a.path("team_id")), text(a.path("enterprise_id")))));
            if (userTeam != null) {
                return new Sender(userTeam, null, authorizations);
            }
            // outside a shared channel the event's team is the poster's; inside one it is the host's, which says nothing of the poster
            return shared ? new Sender(null, null, authorizations)
                    : new Sender(text(event.path("team_id")), text(event.path("enterprise_id")), authorizations);
        } catch (Exception e) {
            return new Sender(null, null, List.of()); // Bolt itself refuses a body it cannot read
        }
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isEmpty() ? node.asText() : null;
    }

    /** Empty while Slack cannot say; asked again on the next request. */
    private Optional<Installation> installation() {
        if (installation.get() == null) {
            try {
                AuthTestResponse auth = authTest.call();
                if (auth.isOk() && auth.getTeamId() != null) {
                    installation.compareAndSet(null, new Installation(auth.getTeamId(), auth.getEnterpriseId()));
                }
            } catch (Exception e) {
                LOG.warn("auth.test failed: {}", e.getClass().getSimpleName());
            }
        }
        return Optional.ofNullable(installation.get());
    }
}
