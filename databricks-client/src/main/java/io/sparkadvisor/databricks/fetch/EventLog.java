package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.util.List;

/** Where the Spark event log of one cluster can be read from, or why it cannot. */
public sealed interface EventLog {
    /** The delivered files, oldest first; throws {@link EventLogUnavailableException} when there are none. */
    List<LogPart> parts();

    /** Log files found under the cluster's log delivery destination. */
    record Delivered(String folder, List<LogPart> parts) implements EventLog {
    }

    /**
     * Nothing delivered yet, but the cluster is running: its driver answers Spark's monitoring REST
     * API. {@code whyNoLog} still explains how to get a log for the finished run.
     */
    record Live(SparkRestClient rest, String whyNoLog) implements EventLog {
        @Override
        public List<LogPart> parts() {
            throw new EventLogUnavailableException(whyNoLog);
        }
    }

    record Unavailable(String reason) implements EventLog {
        @Override
        public List<LogPart> parts() {
            throw new EventLogUnavailableException(reason);
        }
    }
}
