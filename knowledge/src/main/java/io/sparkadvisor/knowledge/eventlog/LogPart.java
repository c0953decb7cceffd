package io.sparkadvisor.knowledge.eventlog;

import java.io.IOException;
import java.io.InputStream;

/**
 * One file of an event log, wherever it lives (local disk, DBFS, a UC volume). The name decides the
 * codec (its extension) and the reading order (rolled index or timestamp); the stream is opened
 * lazily and read once, so a remote part is downloaded as it is parsed, never held whole in memory.
 */
public interface LogPart {
    /** File name only, e.g. {@code events_2_app-1.zstd} or {@code eventlog-2024-01-01--10-00.gz}. */
    String name();

    /** Size in bytes when known, else -1; used for progress reporting. */
    long size();

    InputStream open() throws IOException;
}
