package io.sparkadvisor.databricks.resolve;

import com.databricks.sdk.service.jobs.Run;
import io.sparkadvisor.databricks.WorkspaceSource;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads runs, and hands a run the resolver has just read to the fetch that follows it: an ask
 * resolves a run and then fetches the same run, and reading it again a moment later is a round
 * trip (100-200 ms to a real workspace) for nothing. A run is handed over once and only while
 * fresh, so any later fetch reads it anew.
 */
public final class RunReads {
    /** spark-advisor's own choice: an ask fetches right after it resolves; anything later reads again. */
    private static final Duration FRESH = Duration.ofSeconds(30);
    /** Resolves not followed by a fetch (a job's history) must not pile up. */
    private static final int KEPT = 16;

    private final WorkspaceSource source;
    private final Map<Long, Read> recent = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Read> eldest) {
            return size() > KEPT;
        }
    };

    private record Read(Run run, long atNanos) {
        boolean fresh() {
            return System.nanoTime() - atNanos < FRESH.toNanos();
        }
    }

    public RunReads(WorkspaceSource source) {
        this.source = source;
    }

    /** Reads the run from the workspace and keeps it for one {@link #reuseOrRead}. */
    public Run read(long runId) {
        Run run = source.run(runId);
        synchronized (recent) {
            recent.put(runId, new Read(run, System.nanoTime()));
        }
        return run;
    }

    /** The run {@link #read} just now, else read from the workspace. */
    public Run reuseOrRead(long runId) {
        Read kept;
        synchronized (recent) {
            kept = recent.remove(runId);
        }
        return kept != null && kept.fresh() ? kept.run() : source.run(runId);
    }
}
