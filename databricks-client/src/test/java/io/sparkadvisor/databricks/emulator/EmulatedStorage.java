package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * DBFS 2.0 (list, get-status, read: at most 1 MB per call, base64; mounts under /mnt refused) over
 * dbfs/ of the folder, and the Files API 2.0 (directories, files) over files/Volumes/. A truncated
 * file ends early for readers.
 */
final class EmulatedStorage {
    static final long MAX_READ = 1024 * 1024;

    private final Folder folder;
    private final Map<Path, Long> truncatedAt = new ConcurrentHashMap<>();

    EmulatedStorage(Folder folder) {
        this.folder = folder;
    }

    void truncate(String path, long bytes) {
        truncatedAt.put(path.startsWith("/Volumes/") ? folder.resolve("files" + path) : storage(path), bytes);
    }

    Answer handle(Call call) {
        if (call.path().startsWith("/api/2.0/fs/directories/")) {
            return listVolume(call.path().substring("/api/2.0/fs/directories".length()));
        }
        if (call.path().startsWith("/api/2.0/fs/files/")) {
            return download(call.path().substring("/api/2.0/fs/files".length()));
        }
        if (call.path().startsWith("/api/2.0/dbfs/") && isMount(call.param("path"))) {
            return Answer.error(403, "PERMISSION_DENIED", "No operations allowed on this path.");
        }
        return switch (call.method() + " " + call.path()) {
            case "GET /api/2.0/dbfs/list" -> listDbfs(call.param("path"));
            case "GET /api/2.0/dbfs/get-status" -> status(call.param("path"));
            case "GET /api/2.0/dbfs/read" -> read(call);
            default -> null;
        };
    }

    private Answer listDbfs(String path) {
        Path dir = storage(path);
        if (!Files.exists(dir)) {
            return noSuchFile(path);
        }
        ObjectNode answer = Folder.JSON.createObjectNode();
        ArrayNode files = answer.putArray("files");
        children(dir).forEach(child -> files.add(info(dbfsPath(path) + "/" + child.getFileName(), child)));
        return Answer.json(answer);
    }

    private Answer status(String path) {
        Path file = storage(path);
        return Files.exists(file) ? Answer.json(info(dbfsPath(path), file)) : noSuchFile(path);
    }

    private Answer read(Call call) {
        String path = call.param("path");
        long offset = call.longParam("offset", 0);
        long length = call.longParam("length", MAX_READ);
        if (length > MAX_READ) {
            return Answer.error(400, "MAX_READ_SIZE_EXCEEDED", "Cannot read more than 1MB at a time, got " + length);
        }
        Path file = storage(path);
        if (!Files.isRegularFile(file)) {
            return noSuchFile(path);
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long end = Math.min(in.length(), truncatedAt.getOrDefault(file, Long.MAX_VALUE));
            byte[] chunk = new byte[(int) Math.max(0, Math.min(length, end - offset))];
            in.seek(Math.min(offset, in.length()));
            in.readFully(chunk);
            // written as bytes: benchmarks run the emulator in the reader's JVM, and a JSON tree would cost more than the read
            byte[] data = Base64.getEncoder().encode(chunk);
            byte[] head = ("{\"bytes_read\":" + chunk.length + ",\"data\":\"").getBytes(StandardCharsets.US_ASCII);
            byte[] body = Arrays.copyOf(head, head.length + data.length + 2);
            System.arraycopy(data, 0, body, head.length, data.length);
            body[body.length - 2] = '"';
            body[body.length - 1] = '}';
            return Answer.json(200, body).withPayloadBytes(chunk.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Answer listVolume(String path) {
        Path dir = folder.resolve("files" + path);
        if (!Files.isDirectory(dir)) {
            return Answer.error(404, "NOT_FOUND", "The directory being accessed is not found.");
        }
        ObjectNode answer = Folder.JSON.createObjectNode();
        ArrayNode contents = answer.putArray("contents");
        children(dir).forEach(child -> contents.add(Folder.JSON.createObjectNode()
                .put("path", path.replaceAll("/+$", "") + "/" + child.getFileName())
                .put("name", child.getFileName().toString()).put("is_directory", Files.isDirectory(child))
                .put("file_size", size(child))));
        return Answer.json(answer);
    }

    private Answer download(String path) {
        Path file = folder.resolve("files" + path);
        if (!Files.isRegularFile(file)) {
            return Answer.error(404, "NOT_FOUND", "The file being accessed is not found.");
        }
        long length = Math.min(size(file), truncatedAt.getOrDefault(file, Long.MAX_VALUE));
        return new Answer(200, "application/octet-stream", length, out -> {
            try (InputStream in = Files.newInputStream(file)) {
                in.transferTo(new LimitedOutput(out, length));
            }
        }, new LinkedHashMap<>(), length);
    }

    /**
     * The DBFS API cannot reach mounts (they are cloud storage behind the cluster's credentials) and
     * answers 403, even where a cluster sees files (databricks-sdk-py #358, #593); this emulator
     * refuses them too, whatever dbfs/mnt/ of the folder holds.
     */
    private static boolean isMount(String path) {
        return path != null && dbfsPath(path).matches("/mnt(/.*)?");
    }

    private static ObjectNode info(String path, Path file) {
        return Folder.JSON.createObjectNode().put("path", path).put("is_dir", Files.isDirectory(file))
                .put("file_size", size(file)).put("modification_time", 1_700_000_000_000L);
    }

    private static Answer noSuchFile(String path) {
        return Answer.error(404, "RESOURCE_DOES_NOT_EXIST", "No file or directory exists on path " + path + ".");
    }

    /** The real service answers {@code dbfs:/x} and {@code /x} alike; listings use the {@code /x} form. */
    private static String dbfsPath(String path) {
        return "/" + path.replaceFirst("^dbfs:", "").replaceAll("^/+|/+$", "");
    }

    private Path storage(String path) {
        return folder.resolve("dbfs" + dbfsPath(path));
    }

    private static Stream<Path> children(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path p) {
        try {
            return Files.isDirectory(p) ? 0 : Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
