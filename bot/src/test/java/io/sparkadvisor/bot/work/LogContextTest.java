package io.sparkadvisor.bot.work;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * As an ask that shares another's analysis answers: its continuation is handed to the pool by the thread that ends
 * the analysis (the other ask's, with the other id), and its log lines must carry its own id.
 */
class LogContextTest {
    private final Logger log = (Logger) LoggerFactory.getLogger(LogContextTest.class);
    /** Each line's MDC as it was on the thread that wrote it. */
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent line) {
            line.prepareForDeferredProcessing();
            super.append(line);
        }
    };
    private final ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "worker"));
    private final ExecutorService otherAsk = Executors.newSingleThreadExecutor(r -> new Thread(r, "other-ask"));

    @BeforeEach
    void listen() {
        lines.start();
        log.setLevel(Level.INFO);
        log.addAppender(lines);
    }

    @AfterEach
    void stop() {
        log.detachAppender(lines);
        log.setLevel(null);
        pool.shutdownNow();
        otherAsk.shutdownNow();
    }

    @Test
    void aLineWrittenByTheWorkerAfterTheHandOffCarriesTheIdOfTheAskItAnswers() throws Exception {
        CompletableFuture<String> shared = new CompletableFuture<>();
        CompletableFuture<Void> answered = withAsk("second", () -> shared.thenAcceptAsync(runs -> log.info("answered"), LogContext.carrying(pool)));

        otherAsk.submit(() -> withAsk("first", () -> shared.complete("runs"))).get(10, TimeUnit.SECONDS);
        answered.get(10, TimeUnit.SECONDS);

        assertEquals("second", lines.list.get(0).getMDCPropertyMap().get("ask"));
        assertEquals("worker", lines.list.get(0).getThreadName());
    }

    @Test
    void aTaskRunInlineGivesItsThreadBackWithItsOwnId() throws Exception {
        CompletableFuture<String> shared = new CompletableFuture<>();
        withAsk("second", () -> shared.thenAcceptAsync(runs -> log.info("answered"), LogContext.carrying(Runnable::run)));

        String after = otherAsk.submit(() -> withAsk("first", () -> {
            shared.complete("runs");
            log.info("the other ask goes on");
            return MDC.get("ask");
        })).get(10, TimeUnit.SECONDS);

        assertEquals(List.of("second", "first"), lines.list.stream().map(l -> l.getMDCPropertyMap().get("ask")).toList());
        assertEquals("first", after);
    }

    private static <T> T withAsk(String id, java.util.concurrent.Callable<T> work) throws Exception {
        try (MDC.MDCCloseable ask = MDC.putCloseable("ask", id)) {
            return work.call();
        }
    }
}
