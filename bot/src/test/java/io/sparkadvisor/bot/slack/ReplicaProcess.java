package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another bot replica in a JVM of its own ({@code main} says "ready" once built, then does its work
 * when told to on its input), run together with this process's {@code work}, so both overlap instead
 * of racing the JVM's start-up.
 */
final class ReplicaProcess {
    private ReplicaProcess() {}

    static void runTogether(Class<?> main, List<String> args, Duration timeout, Runnable work) throws IOException, InterruptedException {
        Started other = start(main, args);
        try {
            other.go();
            work.run();
            assertTrue(other.process().waitFor(timeout.toSeconds(), TimeUnit.SECONDS), "the other replica's work ends");
            assertEquals(0, other.process().exitValue());
        } finally {
            other.process().destroy();
        }
    }

    /** Starts {@code main} and waits until it says "ready". */
    static Started start(Class<?> main, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        Process other = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader said = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
        while (!"ready".equals(said.readLine())) {
            assertTrue(other.isAlive(), "the other replica died before it was ready");
        }
        return new Started(other);
    }

    /** A replica process that is ready. */
    record Started(Process process) {
        /** Tells it to do its work. */
        void go() throws IOException {
            process.getOutputStream().write('\n');
            process.getOutputStream().flush();
        }

        /** kill -9: no shutdown hook, no finally block, nothing of the process's own runs. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "killed");
        }
    }
}
