package io.sparkadvisor.knowledge.eventlog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the parts of an event log on local disk, in reading order: a single file; Spark's rolling
 * layout ({@code eventlog_v2_<app>/events_<N>_<app>[.codec]}, by N); or Databricks' cluster-log
 * delivery ({@code eventlog-<yyyy-MM-dd--HH-mm>.gz} files by time, then the live {@code eventlog},
 * which a copy may have compressed and named {@code eventlog.gz}: the codec is sniffed from the bytes).
 */
public final class LocalLogParts {
    private static final Pattern ROLLED_SPARK = Pattern.compile("events_(\\d+)_.+");
    static final Pattern ROLLED_DATABRICKS = Pattern.compile("eventlog-(\\d{4}-\\d{2}-\\d{2}--\\d{2}-\\d{2})(\\.gz)?");
    private static final Pattern LIVE_DATABRICKS = Pattern.compile("eventlog(\\.(gz|zstd|zst|lz4|snappy))?");

    private LocalLogParts() {}

    public static List<LogPart> of(Path path) {
        if (!Files.exists(path)) {
            throw new EventLogException(path + " does not exist; pass the path of a Spark event log file or folder");
        }
        if (!Files.isReadable(path)) {
            throw new EventLogException(path + " is not readable; check its permissions");
        }
        if (Files.isRegularFile(path)) {
            return List.of(new FilePart(path));
        }
        List<Path> files = listFiles(path);
        List<Path> sparkRolled = files.stream().filter(f -> ROLLED_SPARK.matcher(fileName(f)).matches())
                .sorted(Comparator.comparingLong(LocalLogParts::rolledIndex)).toList();
        if (!sparkRolled.isEmpty()) {
            return sparkRolled.stream().<LogPart>map(FilePart::new).toList();
        }
        List<LogPart> parts = new ArrayList<>();
        files.stream().filter(f -> ROLLED_DATABRICKS.matcher(fileName(f)).matches())
                .sorted(Comparator.comparing(LocalLogParts::fileName)) // the timestamp format sorts lexically
                .forEach(f -> parts.add(new FilePart(f)));
        files.stream().filter(f -> LIVE_DATABRICKS.matcher(Codec.stripInProgress(fileName(f))).matches())
                .sorted(Comparator.comparing(LocalLogParts::fileName)).forEach(f -> parts.add(new FilePart(f)));
        if (!parts.isEmpty()) {
            return parts;
        }
        List<Path> subfolders = listFolders(path);
        if (files.isEmpty() && subfolders.size() == 1) {
            return of(subfolders.get(0));
        }
        if (files.size() == 1) {
            return List.of(new FilePart(files.get(0)));
        }
        throw new EventLogException(path + " is a folder but holds no event log layout spark-advisor knows"
                + " (Spark's events_<N>_<app> files or Databricks' eventlog files); pass the log file itself");
    }

    private static long rolledIndex(Path file) {
        Matcher m = ROLLED_SPARK.matcher(fileName(file));
        return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }

    private static String fileName(Path p) {
        return p.getFileName().toString();
    }

    private static List<Path> listFiles(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(f -> !fileName(f).startsWith("appstatus_")
                    && !fileName(f).startsWith(".")).toList();
        } catch (IOException e) {
            throw new EventLogException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> listFolders(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            throw new EventLogException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** A log part on local disk. */
    public record FilePart(Path path) implements LogPart {
        @Override
        public String name() {
            return path.getFileName().toString();
        }

        @Override
        public long size() {
            try {
                return Files.size(path);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public InputStream open() throws IOException {
            return Files.newInputStream(path);
        }
    }
}
