package io.sparkadvisor.bot.slack;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local Slack Web API: answers the methods the bot uses the way Slack does (form posts in, JSON
 * out, {@code ok:false} for anything else) and records every call, including the bytes sent to the
 * upload URL that files.getUploadURLExternal hands out.
 */
final class FakeSlackApi implements AutoCloseable {
    static final String BOT_USER = "UBOT";
    /** A channel the bot was never invited to: posting there fails as in Slack. */
    static final String NOT_A_MEMBER = "C0PRIVATE";
    /** A user group with one member, for approvers by group. */
    static final String GROUP = "S0APPROVERS";
    static final String GROUP_MEMBER = "U0CARL";

    /** One call: the Web API method (or "upload"), its form parameters, and the ts a new message got. */
    record Call(String method, Map<String, String> params, int bodyBytes, String tsPosted) {
        String param(String name) {
            return params.getOrDefault(name, "");
        }
    }

    private final HttpServer server;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final AtomicLong nextTs = new AtomicLong(1);
    private final Map<String, AtomicInteger> rateLimited = new ConcurrentHashMap<>();
    /** Per method, text whose next call is refused once (a failure mid-post): {@link #refuseOnce}. */
    private final Map<String, String> refused = new ConcurrentHashMap<>();
    /** Shared channels, by the conversations.info flag that says how: is_ext_shared, is_org_shared. */
    private final Map<String, String> sharedAs = new ConcurrentHashMap<>();
    private volatile String socketModeUrl;
    /** users.info's profile email of a user, when not the default {@link #email}; null for a profile without one. */
    private final Map<String, String> emails = new ConcurrentHashMap<>();

    FakeSlackApi() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::exchange);
        server.setExecutor(Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r, "fake-slack");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** The base URL without "/api/", as an operator might set SLACK_API_URL. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    List<Call> calls(String method) {
        return calls.stream().filter(c -> c.method().equals(method)).toList();
    }

    String responseUrl() {
        return baseUrl() + "/hooks/response";
    }

    /** Every call but the auth.test that Bolt makes for itself. */
    List<Call> posts() {
        return calls.stream().filter(c -> !c.method().equals("auth.test")).toList();
    }

    void clear() {
        calls.clear();
    }

    /** apps.connections.open hands out {@code url} to app-level tokens; until then it refuses them as invalid_auth. */
    void openSocketModeAt(String url) {
        socketModeUrl = url;
    }

    /** The profile email users.info gives a user unless told otherwise: their id, lower case, at example.com. */
    static String email(String userId) {
        return userId.toLowerCase(java.util.Locale.ROOT) + "@example.com";
    }

    /** users.info gives {@code email} for {@code userId}; null plays a profile without an email. */
    void email(String userId, String email) {
        emails.put(userId, email == null ? "" : email);
    }

    /** The next {@code times} calls of {@code method} are refused with 429 and Retry-After: 1, as Slack does; each is recorded as "ratelimited". */
    void rateLimit(String method, int times) {
        rateLimited.put(method, new AtomicInteger(times));
    }

    /** The next call of {@code method} with a parameter containing {@code text} answers {@code ok:false}, as a failure in Slack; recorded as "refused". */
    void refuseOnce(String method, String text) {
        refused.put(method, text);
    }

    /** conversations.info says {@code flag} (is_ext_shared: Slack Connect; is_org_shared: across a Grid org) of {@code channel}. */
    void share(String channel, String flag) {
        sharedAs.put(channel, flag);
    }

    void unshare(String channel) {
        sharedAs.remove(channel);
    }

    private void exchange(HttpExchange ex) throws IOException {
        byte[] body = ex.getRequestBody().readAllBytes();
        String path = ex.getRequestURI().getPath();
        if (path.startsWith("/hooks/")) {
            calls.add(new Call("response_url", Map.of("json", new String(body, StandardCharsets.UTF_8)), body.length, ""));
            reply(ex, "text/plain", "ok");
            return;
        }
        if (path.startsWith("/upload/")) {
            calls.add(new Call("upload", Map.of("file", path.substring("/upload/".length())), body.length, ""));
            reply(ex, "text/plain", "OK - " + body.length);
            return;
        }
        String method = path.replaceFirst("^/api/", "");
        Map<String, String> params = form(new String(body, StandardCharsets.UTF_8));
        AtomicInteger refusals = rateLimited.get(method);
        if (refusals != null && refusals.getAndDecrement() > 0) {
            calls.add(new Call("ratelimited", Map.of("method", method), body.length, ""));
            ex.getResponseHeaders().set("Retry-After", "1");
            byte[] bytes = "{\"ok\":false,\"error\":\"ratelimited\"}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(429, bytes.length);
            ex.getResponseBody().write(bytes);
            ex.close();
            return;
        }
        String refusedText = refused.get(method);
        if (refusedText != null && params.values().stream().anyMatch(v -> v.contains(refusedText)) && refused.remove(method, refusedText)) {
            calls.add(new Call("refused", params, body.length, ""));
            reply(ex, "application/json", "{\"ok\":false,\"error\":\"fatal_error\"}");
            return;
        }
        String ts = "1700000000." + String.format("%06d", nextTs.getAndIncrement());
        calls.add(new Call(method, params, body.length, ts));
        reply(ex, "application/json", answer(method, params, ts, ex.getRequestHeaders().getFirst("Authorization")));
    }

    /** {@code authorization}: the request's "Bearer <token>" header. */
    private String answer(String method, Map<String, String> params, String ts, String authorization) {
        return switch (method) {
            case "apps.connections.open" -> !String.valueOf(authorization).startsWith("Bearer xapp-")
                    ? "{\"ok\":false,\"error\":\"not_allowed_token_type\"}"
                    : socketModeUrl == null ? "{\"ok\":false,\"error\":\"invalid_auth\"}" : "{\"ok\":true,\"url\":\"" + socketModeUrl + "\"}";
            case "auth.test" -> "{\"ok\":true,\"url\":\"https://t.slack.com/\",\"team\":\"t\",\"user\":\"advisor\","
                    + "\"team_id\":\"T111\",\"user_id\":\"" + BOT_USER + "\",\"bot_id\":\"B111\"}";
            case "chat.postMessage" -> NOT_A_MEMBER.equals(params.get("channel")) ? "{\"ok\":false,\"error\":\"not_in_channel\"}" : "{\"ok\":true,\"channel\":\"" + params.get("channel") + "\",\"ts\":\"" + ts + "\"}";
            case "chat.update" -> "{\"ok\":true,\"channel\":\"" + params.get("channel") + "\",\"ts\":\"" + params.get("ts") + "\"}";
            case "chat.postEphemeral" -> "{\"ok\":true,\"message_ts\":\"" + ts + "\"}";
            case "files.getUploadURLExternal" -> "{\"ok\":true,\"upload_url\":\"" + baseUrl() + "/upload/F" + ts
                    + "\",\"file_id\":\"F" + ts + "\"}";
            case "usergroups.users.list" -> GROUP.equals(params.get("usergroup"))
                    ? "{\"ok\":true,\"users\":[\"" + GROUP_MEMBER + "\"]}" : "{\"ok\":false,\"error\":\"no_such_subteam\"}";
            case "conversations.info" -> NOT_A_MEMBER.equals(params.get("channel")) ? "{\"ok\":false,\"error\":\"channel_not_found\"}"
                    : "{\"ok\":true,\"channel\":{\"id\":\"" + params.get("channel") + "\",\"is_channel\":true,\"is_ext_shared\":"
                    + "is_ext_shared".equals(sharedAs.get(params.get("channel"))) + ",\"is_org_shared\":"
                    + "is_org_shared".equals(sharedAs.get(params.get("channel"))) + ",\"is_pending_ext_shared\":false}}";
            case "files.completeUploadExternal" -> "{\"ok\":true,\"files\":[{\"id\":\"F1\"}]}";
            case "users.info" -> usersInfo(params.get("user"));
            case "conversations.open" -> "{\"ok\":true,\"channel\":{\"id\":\"D" + params.get("users") + "\"}}";
            default -> "{\"ok\":false,\"error\":\"unknown_method\"}";
        };
    }

    private String usersInfo(String userId) {
        String email = emails.getOrDefault(userId, email(userId));
        String profile = email.isEmpty() ? "{}" : "{\"email\":\"" + email + "\"}";
        return "{\"ok\":true,\"user\":{\"id\":\"" + userId + "\",\"team_id\":\"T111\",\"profile\":" + profile + "}}";
    }

    private static Map<String, String> form(String body) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                params.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
            }
        }
        return params;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static void reply(HttpExchange ex, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(200, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
