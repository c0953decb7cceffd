package io.sparkadvisor.bot.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sparkadvisor.bot.work.Workers;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Every meter the bot keeps, named here once; the adapters call these at their edges. Prometheus
 * shows them with underscores and a {@code _total} or {@code _seconds} suffix
 * ({@code spark_advisor_asks_total}, {@code spark_advisor_answer_seconds_bucket}).
 */
public final class BotMetrics {
    static final String ASKS = "spark.advisor.asks";
    static final String ANSWER = "spark.advisor.answer";
    static final String QUEUE = "spark.advisor.queue.depth";
    static final String CLICKS = "spark.advisor.clicks";
    static final String APPLIES = "spark.advisor.applies";
    static final String FOLLOW_UPS = "spark.advisor.follow.ups";
    static final String CALLS = "spark.advisor.calls";
    static final String RATE_LIMIT_RETRIES = "spark.advisor.rate.limit.retries";
    static final String SCAN_JOBS = "spark.advisor.scan.jobs";

    private final MeterRegistry registry;

    public BotMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (String pool : Workers.POOLS) {
            Gauge.builder(QUEUE, () -> Workers.queued(pool)).tag("pool", pool).description("Work waiting for a thread").register(registry);
        }
    }

    /** The bot's meters and the JVM's (memory, GC, threads, CPU, uptime): what {@code serve} shows at /metrics. */
    public static BotMetrics withJvm(MeterRegistry registry) {
        List.<MeterBinder>of(new JvmMemoryMetrics(), new JvmGcMetrics(), new JvmThreadMetrics(), new ProcessorMetrics(), new UptimeMetrics())
                .forEach(binder -> binder.bindTo(registry));
        return new BotMetrics(registry);
    }

    /** Meters kept in memory and read by no one: for tests and the one-shot commands. */
    public static BotMetrics none() {
        return new BotMetrics(new SimpleMeterRegistry());
    }

    /** An ask arrived; {@code queued} false when the pool was full and the asker told to try again. */
    public void asked(boolean queued) {
        Counter.builder(ASKS).tag("queued", Boolean.toString(queued)).description("Asks about a run").register(registry).increment();
    }

    /** An ask answered ({@code outcome} answered or failed), {@code tookNanos} after its thread took it. */
    public void answered(String outcome, long tookNanos) {
        Timer.builder(ANSWER).tag("outcome", outcome).description("From taking an ask to its answer in the thread")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(100)).maximumExpectedValue(Duration.ofMinutes(10))
                .register(registry).record(Duration.ofNanos(tookNanos));
    }

    /** A button clicked; {@code action} is its action id (approve, reject, roll back, hot value...). */
    public void clicked(String action) {
        Counter.builder(CLICKS).tag("action", action).description("Buttons clicked").register(registry).increment();
    }

    /** An Approve click decided: {@code outcome} the name of what came of it (decided, refused, not applied...), lower case. */
    public void applied(Enum<?> outcome) {
        Counter.builder(APPLIES).tag("outcome", outcome.name().toLowerCase(Locale.ROOT)).description("Approve clicks by outcome")
                .register(registry).increment();
    }

    /** An applied step judged by the follow-up (its verdict posted, once across replicas). */
    public void followedUp() {
        Counter.builder(FOLLOW_UPS).description("Applied steps judged").register(registry).increment();
    }

    /** One call to an outside API: {@code api} databricks or slack, {@code method} its endpoint, {@code outcome} ok or what went wrong. */
    public void called(String api, String method, String outcome, long tookNanos) {
        Timer.builder(CALLS).tags("api", api, "method", method, "outcome", outcome).description("Calls to Databricks and Slack")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(5)).maximumExpectedValue(Duration.ofMinutes(2))
                .register(registry).record(Duration.ofNanos(tookNanos));
    }

    /** A job of a fleet scan done by this replica, or not reached in time: {@code outcome} analysed or why it could not be. */
    public void scanned(String outcome) {
        Counter.builder(SCAN_JOBS).tag("outcome", outcome).description("Fleet scan jobs by outcome").register(registry).increment();
    }

    /** A call answered 429 and retried after Retry-After. */
    public void rateLimitRetry(String api) {
        Counter.builder(RATE_LIMIT_RETRIES).tag("api", api).description("Calls retried after a rate limit").register(registry).increment();
    }

    public MeterRegistry registry() {
        return registry;
    }
}
