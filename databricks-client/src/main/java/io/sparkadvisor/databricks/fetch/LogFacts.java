package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.eventlog.DeliveredWindow;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * The facts of a cluster's delivered event log, read once per log: a completed run's facts are kept
 * in a {@link FactsCache} under its workspace, run, and the log parts' paths and sizes, so
 * a log that grew or was delivered again is read again. A run still going (a continuous job's) is read for its
 * last hours only ({@link #recent}). The cluster's shape and the job's run mode are joined on every read (they are not
 * part of the log).
 */
public final class LogFacts {
    /** How much of a running run's delivered log an ask reads unless told otherwise. */
    public static final Duration LIVE_WINDOW = Duration.ofHours(6);

    private final FactsCache cache;
    private final String workspace;
    private final Duration liveWindow;
    private final Clock clock;

    /** @param workspace what tells this workspace apart from others sharing the cache (its host, or its folder) */
    public LogFacts(FactsCache cache, String workspace) {
        this(cache, workspace, LIVE_WINDOW, Clock.systemUTC());
    }

    /** @param liveWindow how far back a running run's log is read */
    public LogFacts(FactsCache cache, String workspace, Duration liveWindow, Clock clock) {
        this.cache = cache;
        this.workspace = workspace;
        this.liveWindow = liveWindow;
        this.clock = clock;
    }

    /** Throws {@link EventLogUnavailableException} when the cluster delivered no log. */
    public RunFacts of(RunTelemetry telemetry, ClusterTelemetry cluster, LongConsumer downloaded) {
        if (!telemetry.run().completed()) {
            return recent(telemetry, cluster, liveWindow, downloaded);
        }
        List<LogPart> parts = cluster.eventLog().parts();
        Optional<String> key = key(telemetry, parts);
        RunFacts facts = key.flatMap(cache::get).orElseGet(() -> {
            RunFacts read = FactsCache.keepable(RunFactsReader.read(parts, downloaded));
            if (key.isPresent() && whole(read.coverage())) {
                cache.put(key.get(), read);
            }
            return read;
        });
        return withCluster(telemetry, cluster, facts);
    }

    /**
     * The facts of what the cluster delivered in the {@code window} up to now (and of its first part, for the
     * application's start), the parts before it left unopened; never kept, as the log is still growing.
     */
    public RunFacts recent(RunTelemetry telemetry, ClusterTelemetry cluster, Duration window, LongConsumer downloaded) {
        DeliveredWindow parts = DeliveredWindow.of(cluster.eventLog().parts(), clock.instant(), window);
        return withCluster(telemetry, cluster, RunFactsReader.read(parts, downloaded));
    }

    /** What the log does not hold: the cluster's shape and how the job starts its runs (its settings). */
    private static RunFacts withCluster(RunTelemetry telemetry, ClusterTelemetry cluster, RunFacts facts) {
        RunFacts withMode = facts.withJobRunMode(JobRunMode.ofSettings(telemetry.jobSettingsJson()));
        return cluster.clusterJson() == null ? withMode
                : withMode.withCluster(ClusterJson.parse(cluster.clusterJson(), Optional.ofNullable(telemetry.nodeTypesJson())));
    }

    /**
     * Empty when the facts must not be kept: a part's size is unknown (a changed log could not be told from the kept one).
     */
    private Optional<String> key(RunTelemetry telemetry, List<LogPart> parts) {
        if (!cache.enabled() || parts.stream().anyMatch(p -> p.size() < 0)) {
            return Optional.empty();
        }
        StringBuilder key = new StringBuilder().append(FactsJson.VERSION).append('\n').append(workspace).append('\n')
                .append(telemetry.ref().runId());
        // the whole path: a driver restart writes another "eventlog" in another folder of the same cluster
        parts.forEach(p -> key.append('\n').append(p instanceof StoredLogPart s ? s.file().path() : p.name()).append(' ').append(p.size()));
        return Optional.of(DigestUtils.sha256Hex(key.toString()));
    }

    /** A log cut short, or without its application's start or end, may still be being delivered. */
    private static boolean whole(Coverage coverage) {
        return !coverage.truncated() && coverage.complete();
    }
}
