package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.cli.Main;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark-advisor serve} as its own process, seen as an operator sees it: its probes and
 * metrics on the ops port (never on Slack's public PORT) while it answers an ask, readiness failing
 * by name once its PostgreSQL is stopped, and a wrong setting stopping it with one line.
 */
class ServeOperationsEndToEndTest {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void probesAndMetricsOfAServeThatAnswersAnAsk(@TempDir Path home) throws Exception {
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
        try (FakeSlackApi slack = new FakeSlackApi(); WorkspaceEmulator workspace = WorkspaceEmulator.startWithSample()) {
            BotHarness.addJob(workspace, 42, "skewed-join", "1203-skew", "skew.log.gz", 4201, 4201);
            int port = BotHarness.freePort();
            int ops = BotHarness.freePort();
            Process serve = serve(home, Map.of("PORT", Integer.toString(port), "SPARK_ADVISOR_OPS_PORT", Integer.toString(ops),
                    "SLACK_API_URL", slack.baseUrl(),
                    "DATABRICKS_HOST", workspace.url(), "DATABASE_URL", postgres.getJdbcUrl("postgres", "postgres")));
            try {
                await(WAIT, () -> !serve.isAlive() || status(ops, "/healthz") == 200);
                assertTrue(serve.isAlive(), () -> "serve did not start: " + read(home.resolve("serve.log")));
                // the first workspace call loads and resolves the SDK, which may take longer than a probe's 3 s on a busy machine
                await(WAIT, () -> status(ops, "/readyz") == 200);
                HttpResponse<String> ready = get(ops, "/readyz");
                assertEquals(200, ready.statusCode(), ready.body());
                assertEquals("ready\ndatabase: ok\nslack: ok\nworkspace: ok\n", ready.body());

                SignedRequests requests = new SignedRequests(port, BotHarness.SECRET, slack.responseUrl());
                assertEquals(200, requests.command("run:4201", CHANNEL, USER).statusCode());
                await(WAIT, () -> get(ops, "/metrics").body().contains("spark_advisor_answer_seconds_count{outcome=\"answered\"} 1"));
                String metrics = get(ops, "/metrics").body();
                assertTrue(metrics.contains("spark_advisor_asks_total{queued=\"true\"} 1.0"), metrics);
                assertTrue(metrics.contains("spark_advisor_answer_seconds_bucket{outcome=\"answered\",le=\"+Inf\"} 1"), "a histogram: " + metrics);
                assertTrue(metrics.contains("spark_advisor_calls_seconds_count{api=\"slack\",method=\"chat.postMessage\",outcome=\"ok\"}"), metrics);
                assertTrue(metrics.contains("spark_advisor_calls_seconds_count{api=\"databricks\",method=\"jobs/runs/get\",outcome=\"ok\"}"), metrics);
                assertTrue(metrics.contains("spark_advisor_queue_depth{pool=\"spark-advisor-ask\"} 0.0"), metrics);
                assertTrue(metrics.contains("jvm_memory_used_bytes{"), "the JVM's own meters too: " + metrics);

                for (String path : List.of("/healthz", "/readyz", "/metrics")) {
                    assertEquals(404, status(port, path), path + " is not served on Slack's public port");
                }

                postgres.close();
                // the last report is reused for a few seconds (SPARK_ADVISOR_READY_CACHE_SECONDS), then the database is asked again
                await(WAIT, () -> status(ops, "/readyz") == 503);
                HttpResponse<String> down = get(ops, "/readyz");
                assertEquals(503, down.statusCode(), down.body());
                List<String> parts = down.body().lines().toList();
                assertEquals("not ready", parts.get(0));
                assertTrue(parts.get(1).startsWith("database: failing"), down.body());
                assertEquals(List.of("slack: ok", "workspace: ok"), parts.subList(2, 4));
                assertEquals(200, status(ops, "/healthz"), "alive all the same: restarting it would not bring the database back");
            } finally {
                serve.destroyForcibly();
                serve.waitFor(30, TimeUnit.SECONDS);
            }
        } finally {
            postgres.close();
        }
    }

    @Test
    void aWrongSettingStopsServeWithOneLineAndNoSecret(@TempDir Path home) throws Exception {
        Process serve = serve(home, Map.of("SPARK_ADVISOR_FOLLOWUP_SECONDS", "soon"));
        assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, serve.exitValue());
        assertEquals("spark-advisor: SPARK_ADVISOR_FOLLOWUP_SECONDS is malformed: \"soon\" is not a whole number from 1 to 86400 (seconds)\n",
                read(home.resolve("serve.log")));

        Path other = Files.createDirectory(home.resolve("other"));
        serve = serve(other, Map.of("SLACK_BOT_TOKEN", "xoxp-user-token-never-shown"));
        assertTrue(serve.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, serve.exitValue());
        String said = read(other.resolve("serve.log"));
        assertEquals("spark-advisor: SLACK_BOT_TOKEN is malformed: a bot token starts with xoxb-\n", said);
        assertFalse(said.contains("never-shown"));
    }

    /** serve with the test's Slack and database settings, {@code settings} winning; its output in {@code home}/serve.log. */
    private static Process serve(Path home, Map<String, String> settings) throws IOException {
        ProcessBuilder process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve")
                .redirectErrorStream(true).redirectOutput(Files.createFile(home.resolve("serve.log")).toFile());
        Map<String, String> env = process.environment();
        env.keySet().removeIf(k -> k.startsWith("DATABRICKS_") || k.startsWith("SLACK_") || k.startsWith("SPARK_ADVISOR_")
                || k.equals("DATABASE_URL") || k.equals("PORT"));
        Map<String, String> all = new HashMap<>(Map.of("SLACK_BOT_TOKEN", BotHarness.BOT_TOKEN, "SLACK_SIGNING_SECRET", BotHarness.SECRET,
                "DATABRICKS_TOKEN", WorkspaceEmulator.TOKEN, "SPARK_ADVISOR_DB_PATH", home.resolve("advisor").toString(),
                "SPARK_ADVISOR_FACTS_CACHE_DIR", home.resolve("facts").toString(), "SPARK_ADVISOR_LOG_FORMAT", "json"));
        all.putAll(settings);
        env.putAll(all);
        return process.start();
    }

    private static HttpResponse<String> get(int port, String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int status(int port, String path) {
        try {
            return get(port, path).statusCode();
        } catch (UncheckedIOException notYet) {
            return -1;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
