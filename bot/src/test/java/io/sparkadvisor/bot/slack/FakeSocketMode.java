package io.sparkadvisor.bot.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.java_websocket.WebSocket;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.server.WebSocketServer;

/**
 * Slack's Socket Mode endpoint on a local websocket, at the URL that FakeSlackApi's
 * apps.connections.open hands out: it says hello to the bot on connect, as Slack does, sends the
 * envelopes a test gives it, and records every message the bot sends back.
 */
final class FakeSocketMode implements AutoCloseable {
    static final String PATH = "/link/?ticket=test-ticket";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HELLO = "{\"type\":\"hello\",\"num_connections\":1,\"debug_info\":{\"host\":\"applink-local\","
            + "\"build_number\":1,\"approximate_connection_time\":18060},\"connection_info\":{\"app_id\":\"A111\"}}";

    private final List<WebSocket> connections = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger nextEnvelope = new AtomicInteger(1);
    private final CountDownLatch started = new CountDownLatch(1);
    private final WebSocketServer server = new WebSocketServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)) {
        @Override
        public void onStart() {
            started.countDown();
        }

        @Override
        public void onOpen(WebSocket bot, ClientHandshake handshake) {
            paths.add(handshake.getResourceDescriptor());
            connections.add(bot);
            bot.send(HELLO);
        }

        @Override
        public void onMessage(WebSocket bot, String message) {
            received.add(message);
        }

        @Override
        public void onClose(WebSocket bot, int code, String reason, boolean remote) {
            connections.remove(bot);
        }

        @Override
        public void onError(WebSocket bot, Exception e) {
            received.add("error: " + e);
        }
    };

    FakeSocketMode() {
        server.setReuseAddr(true);
        server.start();
        try {
            if (!started.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the websocket server did not start");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String url() {
        return "ws://127.0.0.1:" + server.getPort() + PATH;
    }

    /** The paths the bot connected to, one per connection. */
    List<String> paths() {
        return List.copyOf(paths);
    }

    boolean connected() {
        return !connections.isEmpty();
    }

    /** Everything the bot sent over the socket. */
    List<String> received() {
        return List.copyOf(received);
    }

    /**
     * Sends an envelope of {@code type} carrying {@code payloadJson} to the connected bot, shaped as
     * Slack's: events are first deliveries (attempt 0) and take no response payload; commands and
     * interactions may. Returns the envelope id.
     */
    String send(String type, String payloadJson) {
        String id = "env-" + nextEnvelope.getAndIncrement();
        String delivery = type.equals("events_api") ? "\"accepts_response_payload\":false,\"retry_attempt\":0,\"retry_reason\":\"\""
                : "\"accepts_response_payload\":true";
        connections.get(0).send("{\"envelope_id\":\"" + id + "\",\"type\":\"" + type + "\",\"payload\":" + payloadJson + "," + delivery + "}");
        return id;
    }

    /** The bot's acknowledgement of envelope {@code id}, once it came. */
    Optional<JsonNode> ack(String id) {
        return received.stream().map(FakeSocketMode::json).filter(m -> m.path("envelope_id").asText().equals(id)).findFirst();
    }

    private static JsonNode json(String message) {
        try {
            return JSON.readTree(message);
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }

    @Override
    public void close() throws InterruptedException {
        server.stop(1000);
    }
}
