package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The workspace folder the emulator serves (layout: databricks-client/WORKSPACE-DIR.md). */
final class Folder {
    static final ObjectMapper JSON = new ObjectMapper();

    private final Path root;

    Folder(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    Path resolve(String relative) {
        Path path = root.resolve(relative).normalize();
        if (!path.startsWith(root)) {
            throw new IllegalArgumentException("outside the workspace folder: " + relative);
        }
        return path;
    }

    synchronized Optional<ObjectNode> read(String relative) {
        Path file = resolve(relative);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of((ObjectNode) JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    synchronized void write(String relative, ObjectNode node) {
        try {
            Path file = resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, node.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every JSON document in a sub-folder, in file-name order. */
    List<ObjectNode> all(String folder) {
        Path dir = resolve(folder);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted()
                    .map(n -> read(folder + "/" + n).orElseThrow()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
