package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.files.ReadDbfsRequest;
import com.databricks.sdk.service.files.ReadResponse;
import io.sparkadvisor.databricks.WorkspaceException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.function.Function;

/**
 * A DBFS file read lazily, one {@code dbfs/read} of at most 1 MB (the API's cap) per refill, so only
 * one chunk is ever in memory. Written here rather than using the SDK's {@code DbfsExt.open}
 * because that stream has no bulk read and returns negative values for bytes 0x80-0xFE.
 */
public final class DbfsChunkStream extends InputStream {
    public static final int CHUNK_BYTES = 1024 * 1024;

    private final Function<ReadDbfsRequest, ReadResponse> read;
    private final String path;
    private long offset;
    private byte[] chunk = new byte[0];
    private int position;
    private boolean endOfFile;

    public DbfsChunkStream(Function<ReadDbfsRequest, ReadResponse> read, String path) {
        this.read = read;
        this.path = path;
    }

    @Override
    public int read() throws IOException {
        return fill() ? chunk[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] buffer, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, chunk.length - position);
        System.arraycopy(chunk, position, buffer, off, n);
        position += n;
        return n;
    }

    /** True when at least one unread byte is buffered; fetches the next chunk if needed. */
    private boolean fill() throws IOException {
        if (position < chunk.length) {
            return true;
        }
        if (endOfFile) {
            return false;
        }
        ReadResponse response;
        try {
            response = read.apply(new ReadDbfsRequest().setPath(path).setOffset(offset).setLength((long) CHUNK_BYTES));
        } catch (WorkspaceException e) {
            // Readers of a LogPart expect I/O failures as IOException, wherever the bytes come from.
            throw new IOException(e.getMessage(), e);
        }
        String data = response.getData();
        chunk = data == null ? new byte[0] : Base64.getDecoder().decode(data);
        position = 0;
        offset += chunk.length;
        endOfFile = chunk.length == 0;
        return !endOfFile;
    }
}
