package io.sparkadvisor.bot.ops;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Whether this replica can do its work: each part (the database, Slack, the workspace) checked
 * at once, each within {@link #WITHIN}, so a probe learns which part fails and none hangs it.
 * A report is reused for {@code keep}: probes arriving together or soon after share one check
 * instead of each calling Databricks and Slack.
 */
public final class Readiness {
    /** Below Kubernetes' default probe timeout of a few seconds plus our own answer. */
    static final Duration WITHIN = Duration.ofSeconds(3);

    /** One part: throws when it cannot be used; its message (never a secret) is shown. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    public record Part(String name, Check check) {}

    /** Each part's name with "ok" or what is wrong with it. */
    public record Report(Map<String, String> parts) {
        public boolean ready() {
            return parts.values().stream().allMatch("ok"::equals);
        }

        /** "database: ok" lines, the failing parts named. */
        public String text() {
            StringBuilder out = new StringBuilder(ready() ? "ready\n" : "not ready\n");
            parts.forEach((name, state) -> out.append(name).append(": ").append(state).append('\n'));
            return out.toString();
        }
    }

    private final List<Part> parts;
    private final Duration keep;
    private final Clock clock;
    private Report last;
    private Instant checkedAt;
    private final ExecutorService checks = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "spark-advisor-readiness");
        t.setDaemon(true); // a check stuck on a dead socket must not keep the JVM alive
        return t;
    });

    public Readiness(List<Part> parts, Duration keep, Clock clock) {
        this.parts = List.copyOf(parts);
        this.keep = keep;
        this.clock = clock;
    }

    /** The last report while it is younger than {@code keep}, else a new one; a probe arriving during a check waits for it. */
    public synchronized Report check() {
        Instant now = clock.instant();
        if (last == null || !now.isBefore(checkedAt.plus(keep))) {
            last = checkNow();
            checkedAt = now;
        }
        return last;
    }

    private Report checkNow() {
        Map<String, CompletableFuture<String>> running = new LinkedHashMap<>();
        parts.forEach(p -> running.put(p.name(), CompletableFuture.supplyAsync(() -> state(p.check()), checks)));
        long deadline = System.nanoTime() + WITHIN.toNanos();
        Map<String, String> states = new LinkedHashMap<>();
        running.forEach((name, state) -> states.put(name, await(state, deadline)));
        return new Report(states);
    }

    private static String state(Check check) {
        try {
            check.run();
            return "ok";
        } catch (Exception e) {
            return "failing (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())) + ")";
        }
    }

    private static String await(CompletableFuture<String> state, long deadline) {
        try {
            return state.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return "failing (no answer within " + WITHIN.toSeconds() + " s)";
        } catch (ExecutionException e) {
            return "failing (" + e.getCause().getClass().getSimpleName() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "failing (interrupted)";
        }
    }

    private static String firstLine(String message) {
        return message.lines().findFirst().orElse("");
    }
}
