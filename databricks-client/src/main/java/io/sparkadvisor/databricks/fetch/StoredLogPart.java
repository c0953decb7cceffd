package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.IOException;
import java.io.InputStream;

/** A delivered log file as a {@link LogPart}: name and size from the listing, bytes from whoever stores it, opened lazily. */
public record StoredLogPart(StoredFile file, Opener opener) implements LogPart {
    /** Opens the file's bytes as a stream. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    @Override
    public String name() {
        return file.name();
    }

    @Override
    public long size() {
        return file.size();
    }

    @Override
    public InputStream open() throws IOException {
        return opener.open();
    }
}
