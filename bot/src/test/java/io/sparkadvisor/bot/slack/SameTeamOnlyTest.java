package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.bolt.request.Request;
import com.slack.api.bolt.request.RequestHeaders;
import com.slack.api.bolt.request.builtin.BlockActionRequest;
import com.slack.api.bolt.request.builtin.EventRequest;
import com.slack.api.bolt.request.builtin.SlashCommandRequest;
import com.slack.api.bolt.response.Response;
import com.slack.api.methods.response.auth.AuthTestResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The Slack Connect gate on each kind of payload Bolt hands it: members of the installing team (or
 * its enterprise) pass, anyone else and anyone it cannot place is refused, and nobody passes until
 * auth.test has said who installed the bot.
 */
class SameTeamOnlyTest {
    private static final RequestHeaders HEADERS = new RequestHeaders(Map.of());
    private static final Response PASSED = Response.builder().statusCode(299).build();

    private final AtomicReference<AuthTestResponse> auth = new AtomicReference<>(auth("T111", null));
    private final SameTeamOnly gate = new SameTeamOnly(auth::get);

    @Test
    void aCommandPassesFromTheInstallingTeamOnly() throws Exception {
        assertPasses(command("team_id=T111"));
        Response refused = gate.apply(command("team_id=T0OTHER"), null, r -> PASSED);
        assertEquals(200, refused.getStatusCode());
        assertTrue(refused.getBody().contains("members of the workspace that installed it"), refused.getBody());
        assertRefused(command("team_domain=t"));
    }

    @Test
    void onEnterpriseGridAMemberOfASiblingWorkspacePassesAndAnotherOrganisationIsRefused() throws Exception {
        auth.set(auth("T111", "E111"));
        assertPasses(command("team_id=T222&enterprise_id=E111"));
        assertRefused(command("team_id=T333&enterprise_id=E0OTHER"));
    }

    @Test
    void nothingPassesUntilAuthTestHasSaidWhoInstalledTheBot() throws Exception {
        AuthTestResponse failed = new AuthTestResponse();
        failed.setOk(false);
        failed.setError("fatal_error");
        auth.set(failed);
        Response refused = gate.apply(command("team_id=T111"), null, r -> PASSED);
        assertTrue(refused.getBody().contains("cannot confirm right now which workspace installed it"), refused.getBody());
        assertRefused(event("{\"team_id\":\"T111\",\"event\":{\"type\":\"app_mention\",\"user_team\":\"T111\"}}"));

        auth.set(auth("T111", null));
        assertPasses(command("team_id=T111"));
    }

    @Test
    void aClickIsJudgedByTheClickersOwnTeam() throws Exception {
        assertPasses(click("{\"type\":\"block_actions\",\"user\":{\"id\":\"U1\",\"team_id\":\"T111\"},\"team\":{\"id\":\"T111\"}}"));
        assertRefused(click("{\"type\":\"block_actions\",\"user\":{\"id\":\"U1\",\"team_id\":\"T0OTHER\"},\"team\":{\"id\":\"T111\"}}"));
        assertPasses(click("{\"type\":\"block_actions\",\"user\":{\"id\":\"U1\"},\"team\":{\"id\":\"T111\"}}"));
        assertRefused(click("{\"type\":\"block_actions\",\"user\":{\"id\":\"U1\"}}"));
    }

    @Test
    void anEventIsJudgedByThePostersTeamAndItsAuthorizations() throws Exception {
        assertPasses(event("{\"team_id\":\"T111\",\"event\":{\"type\":\"app_mention\",\"user_team\":\"T111\"}}"));
        assertRefused(event("{\"team_id\":\"T111\",\"event\":{\"type\":\"app_mention\",\"user_team\":\"T0OTHER\"}}"));
        assertPasses(event("{\"team_id\":\"T111\",\"event\":{\"type\":\"app_mention\"}}"));
        assertRefused(event("{\"team_id\":\"T111\",\"is_ext_shared_channel\":true,\"event\":{\"type\":\"app_mention\"}}"),
                "in a shared channel the host's team says nothing of the poster");
        assertRefused(event("{\"team_id\":\"T111\",\"authorizations\":[{\"team_id\":\"T0OTHER\"}],\"event\":{\"type\":\"app_mention\",\"user_team\":\"T111\"}}"),
                "an event for another installation");
        assertPasses(event("{\"team_id\":\"T111\",\"authorizations\":[{\"team_id\":\"T111\"}],\"event\":{\"type\":\"app_mention\",\"user_team\":\"T111\"}}"));
        assertRefused(event("{\"event\":{\"type\":\"app_mention\"}}"));
    }

    private void assertPasses(Request<?> req) throws Exception {
        assertEquals(299, gate.apply(req, null, r -> PASSED).getStatusCode(), req.getRequestBodyAsString());
    }

    private void assertRefused(Request<?> req) throws Exception {
        assertRefused(req, req.getRequestBodyAsString());
    }

    private void assertRefused(Request<?> req, String why) throws Exception {
        Response response = gate.apply(req, null, r -> PASSED);
        assertEquals(200, response.getStatusCode(), why);
    }

    private static AuthTestResponse auth(String team, String enterprise) {
        AuthTestResponse auth = new AuthTestResponse();
        auth.setOk(true);
        auth.setTeamId(team);
        auth.setEnterpriseId(enterprise);
        return auth;
    }

    private static SlashCommandRequest command(String teamFields) {
        return new SlashCommandRequest("command=%2Fspark-advisor&text=run%3A42&user_id=U1&channel_id=C1&" + teamFields, HEADERS);
    }

    private static BlockActionRequest click(String payload) {
        return new BlockActionRequest("payload=" + URLEncoder.encode(payload, StandardCharsets.UTF_8), payload, HEADERS);
    }

    private static EventRequest event(String body) {
        return new EventRequest(body, HEADERS);
    }
}
