package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.cli.Main;
import io.sparkadvisor.databricks.emulator.Fault;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark-advisor serve} as its own process, stopped with SIGTERM (what a deploy or
 * {@code docker stop} sends) while it answers an ask: the ask's parent message and progress line
 * must not be left saying "Working on it".
 */
class ServeShutdownTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void sigtermDuringAnAskLeavesNoWorkingOnItBehind(@TempDir Path home) throws Exception {
        try (FakeSlackApi slack = new FakeSlackApi(); WorkspaceEmulator workspace = WorkspaceEmulator.startWithSample()) {
            BotHarness.addJob(workspace, 42, "skewed-join", "1203-skew", "skew.log.gz", 4201, 4201);
            // the event log read hangs past the shutdown's grace: the ask is still running when the process must end
            workspace.failNext("GET", "/api/2.0/dbfs/read", Fault.slow(Duration.ofMinutes(2)), 1);
            int port = BotHarness.freePort();
            Process serve = serve(port, slack, workspace, home);
            try {
                SignedRequests requests = new SignedRequests(port, BotHarness.SECRET, slack.responseUrl());
                await(WAIT, () -> !serve.isAlive() || listening(requests));
                assertTrue(serve.isAlive(), () -> "serve did not start: " + read(home.resolve("serve.log")));
                assertEquals(200, requests.command("run:4201", CHANNEL, USER).statusCode());
                // the emulator records a request once answered: the hanging read shows as the progress line's download
                await(WAIT, () -> slack.calls("chat.update").stream().anyMatch(c -> c.param("text").contains("Downloading the event log")));
                String parentTs = parent(slack).tsPosted();

                serve.destroy(); // SIGTERM
                assertTrue(serve.waitFor(30, TimeUnit.SECONDS), "serve ends within its grace period");

                List<FakeSlackApi.Call> edits = slack.calls("chat.update");
                FakeSlackApi.Call lastParentEdit = edits.stream().filter(c -> c.param("ts").equals(parentTs))
                        .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("the parent was never edited: " + slack.calls()));
                assertTrue(lastParentEdit.param("text").contains("restarted before I could finish"), lastParentEdit.param("text"));
                assertTrue(edits.stream().anyMatch(c -> !c.param("ts").equals(parentTs) && c.param("blocks").contains("ask again")),
                        "the progress line says so too");
            } finally {
                serve.destroyForcibly();
            }
        }
    }

    private static Process serve(int port, FakeSlackApi slack, WorkspaceEmulator workspace, Path home) throws IOException {
        ProcessBuilder process = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve")
                .redirectErrorStream(true).redirectOutput(Files.createFile(home.resolve("serve.log")).toFile());
        Map<String, String> env = process.environment();
        env.keySet().removeIf(k -> k.startsWith("DATABRICKS_") || k.startsWith("SLACK_") || k.startsWith("SPARK_ADVISOR_"));
        env.putAll(Map.of("SLACK_BOT_TOKEN", BotHarness.BOT_TOKEN, "SLACK_SIGNING_SECRET", BotHarness.SECRET, "PORT", Integer.toString(port),
                "SLACK_API_URL", slack.baseUrl(), "DATABRICKS_HOST", workspace.url(), "DATABRICKS_TOKEN", WorkspaceEmulator.TOKEN,
                "SPARK_ADVISOR_DB_PATH", home.resolve("advisor").toString(), "SPARK_ADVISOR_OPS_PORT", Integer.toString(BotHarness.freePort())));
        return process.start();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean listening(SignedRequests requests) {
        try {
            return requests.send("{}", "application/json", SignedRequests.now(), "not-the-secret").statusCode() > 0;
        } catch (UncheckedIOException notYet) {
            return false;
        }
    }

    private static FakeSlackApi.Call parent(FakeSlackApi slack) {
        await(WAIT, () -> slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("thread_ts").isEmpty()));
        FakeSlackApi.Call parent = slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").isEmpty()).findFirst().orElseThrow();
        assertTrue(parent.param("text").contains("Working on it"), parent.param("text"));
        return parent;
    }
}
