package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.app_backend.SlackSignature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Oversized requests against the bot's real HTTP server: a signed 20 MiB command is refused with 413
 * after the bot has seen only its first bytes (the rest is never sent), with a declared length or in
 * chunks, and the bot goes on answering; a long query is echoed cut short.
 */
class RequestSizeEndToEndTest extends SharedBotTest {
    private static final int TWENTY_MIB = 20 << 20;
    /** What the client sends of the 20 MiB before waiting for the answer: more than the cap, far less than the body. */
    private static final int SENT = 4 * BodyCap.MAX_BYTES;

    @BeforeAll
    static void start() {
        bot = new BotHarness();
    }

    @Test
    void aSigned20MibCommandIsRefusedBeforeItIsReadWholeAndTheBotGoesOnAnswering() throws Exception {
        byte[] body = hugeCommand();
        long ts = SignedRequests.now();
        String headers = "POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + signatureHeaders(ts, body) + "Content-Length: " + body.length + "\r\n\r\n";

        String answer = exchange(headers, Arrays.copyOf(body, SENT));

        assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
        assertTrue(answer.contains(BodyCap.REFUSAL.strip()), answer);
        assertStillAnswering();
    }

    @Test
    void aChunkedBodyOverTheCapIsRefusedOnceTheCapIsPassed() throws Exception {
        byte[] body = hugeCommand();
        long ts = SignedRequests.now();
        String headers = "POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + signatureHeaders(ts, body) + "Transfer-Encoding: chunked\r\n\r\n";
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        for (int from = 0; from < SENT; from += 16 * 1024) {
            chunks.write((Integer.toHexString(16 * 1024) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            chunks.write(body, from, 16 * 1024);
            chunks.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }

        String answer = exchange(headers, chunks.toByteArray());

        assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
        assertStillAnswering();
    }

    @Test
    void aChunkedBodyWithinTheCapReachesBolt() throws Exception {
        byte[] body = bot.requests.slashCommandBody("help", CHANNEL, USER).getBytes(StandardCharsets.UTF_8);
        String headers = "POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + signatureHeaders(SignedRequests.now(), body) + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        chunked.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        chunked.write(body);
        chunked.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));

        String answer = exchange(headers, chunked.toByteArray());

        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertTrue(answer.contains("job:"), "help answered: " + answer);
    }

    @Test
    void aLongQueryIsEchoedCutShortInTheAck() {
        String query = "nightly-" + "x".repeat(5000);

        HttpResponse<String> ack = bot.requests.command(query, CHANNEL, USER);

        assertEquals(200, ack.statusCode());
        assertTrue(ack.body().contains("Looking into"), ack.body());
        assertTrue(ack.body().contains("x".repeat(150)) && !ack.body().contains("x".repeat(AskText.ECHOED_CHARS)), ack.body());
    }

    private static void assertStillAnswering() {
        HttpResponse<String> help = bot.requests.command("help", CHANNEL, USER);
        assertEquals(200, help.statusCode());
        assertTrue(help.body().contains("job:"), help.body());
    }

    /** A command whose text makes the form body 20 MiB. */
    private static byte[] hugeCommand() {
        String small = bot.requests.slashCommandBody("run:4201", CHANNEL, USER);
        byte[] body = (small + "x".repeat(TWENTY_MIB - small.length())).getBytes(StandardCharsets.US_ASCII);
        assertEquals(TWENTY_MIB, body.length);
        return body;
    }

    private static String signatureHeaders(long ts, byte[] body) {
        return SlackSignature.HeaderNames.X_SLACK_REQUEST_TIMESTAMP + ": " + ts + "\r\n" + SlackSignature.HeaderNames.X_SLACK_SIGNATURE
                + ": " + bot.requests.signature(ts, new String(body, StandardCharsets.US_ASCII)) + "\r\n";
    }

    /** Sends the headers and {@code sent} (all the client ever sends), then reads what the server answers. */
    private static String exchange(String headers, byte[] sent) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", bot.requests.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(headers.getBytes(StandardCharsets.US_ASCII));
            out.write(sent);
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    answer.write(buffer, 0, n);
                    if (answer.toString(StandardCharsets.UTF_8).contains("\r\n\r\n") && complete(answer.toString(StandardCharsets.UTF_8))) {
                        break;
                    }
                }
            } catch (java.net.SocketTimeoutException e) {
                assertFalse(answer.size() == 0, "no answer within 10 s: the server waits for the rest of the body");
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    /** Whether the answer's body arrived as far as its Content-Length says (or the chunked body ended). */
    private static boolean complete(String answer) {
        int headersEnd = answer.indexOf("\r\n\r\n");
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?im)^content-length: *(\\d+)").matcher(answer.substring(0, headersEnd));
        if (length.find()) {
            return answer.length() - headersEnd - 4 >= Integer.parseInt(length.group(1));
        }
        return answer.endsWith("0\r\n\r\n");
    }
}
