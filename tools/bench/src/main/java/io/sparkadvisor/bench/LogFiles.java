package io.sparkadvisor.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a log in the order they were written: a file is itself; a Databricks log folder
 * (the rolled {@code eventlog-<time>.gz} parts, then the live {@code eventlog}) its parts by name,
 * the live one last. The peers replay them one after the other, as the History Server replays the
 * files of a rolling log.
 */
final class LogFiles {
    private LogFiles() {}

    static List<Path> of(Path log) throws IOException {
        if (!Files.isDirectory(log)) {
            return List.of(log);
        }
        try (Stream<Path> files = Files.list(log)) {
            return files.filter(Files::isRegularFile)
                    .sorted(Comparator.comparing((Path f) -> f.getFileName().toString().equals("eventlog"))
                            .thenComparing(f -> f.getFileName().toString()))
                    .toList();
        }
    }
}
