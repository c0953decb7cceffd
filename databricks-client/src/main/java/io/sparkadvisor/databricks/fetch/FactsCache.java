package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.knowledge.Redactor;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Facts kept on disk as gzipped {@link FactsJson}, one file per key, at most {@code maxBytes} in
 * all: the least recently used files go first (a hit touches its file's modification time). Several
 * processes may share the folder: an entry is written to a temporary file and renamed into place,
 * so a reader sees a whole entry or none. The cache is never a reason to fail: an entry that cannot
 * be read is a miss (logged once and deleted), one that cannot be written is skipped.
 *
 * <p>Entries hold {@link #keepable} facts only, in a folder only the bot's user may enter (0700) and
 * files only it may read (0600), both set as they are created: a log's Spark properties carry storage
 * keys and passwords, and a file made readable first and restricted afterwards could be read meanwhile.
 */
public final class FactsCache {
    /** No cache: every read is a miss and nothing is kept. */
    public static final FactsCache OFF = new FactsCache(null, 0);

    private static final Logger LOG = LoggerFactory.getLogger(FactsCache.class);
    private static final String SUFFIX = ".facts.gz";
    /** A temporary file this old belongs to a writer that died before renaming it; a live write takes seconds. */
    private static final Duration ABANDONED_WRITE = Duration.ofHours(1);
    private static final Set<PosixFilePermission> FOLDER_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private final Path folder;
    private final long maxBytes;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    private FactsCache(Path folder, long maxBytes) {
        this.folder = folder;
        this.maxBytes = maxBytes;
    }

    /** A cache in {@code folder} (created when first written) holding at most {@code maxBytes}; 0 bytes is {@link #OFF}. */
    public static FactsCache in(Path folder, long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("a facts cache cannot hold " + maxBytes + " bytes");
        }
        return maxBytes == 0 ? OFF : new FactsCache(folder.toAbsolutePath().normalize(), maxBytes);
    }

    public boolean enabled() {
        return folder != null;
    }

    /** The facts kept under {@code key} (a file name: letters and digits), if there are any that read back. */
    public Optional<RunFacts> get(String key) {
        if (!enabled()) {
            return Optional.empty();
        }
        Path file = folder.resolve(key + SUFFIX);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            RunFacts facts = FactsJson.read(in, file.toString());
            touch(file);
            return Optional.of(keepable(facts)); // an entry an older version wrote holds every property
        } catch (NoSuchFileException miss) {
            return Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            // cut short, not gzip, not JSON, another FactsJson version: whatever it is, the log still has the facts
            warnOnce(file, "cannot be read as facts, so it is deleted and the run's log is read instead (" + unreadable.getMessage() + ")");
            deleteQuietly(file);
            return Optional.empty();
        }
    }

    /**
     * The facts without the Spark properties no rule reads ({@link SparkProperties#READ_BY_RULES}) and
     * without any whose key names a credential: what is kept, and so what an analysis gets whether its
     * facts came from the cache or from the log.
     */
    public static RunFacts keepable(RunFacts facts) {
        Map<String, String> kept = new HashMap<>(facts.properties().readByRules().values());
        kept.keySet().removeIf(Redactor::isSensitiveKey);
        return new RunFacts(facts.application(), facts.coverage(), new SparkProperties(kept), facts.executors(), facts.jobs(),
                facts.stages(), facts.failures(), facts.slots(), facts.timeline(), facts.sqlExecutions(), facts.cluster(),
                facts.platform(), facts.nodeTimeline(), facts.tableMaintenance(), facts.streaming());
    }

    /** Keeps {@code facts} ({@link #keepable} of them) under {@code key}, then evicts the least recently used entries beyond the cap. */
    public void put(String key, RunFacts facts) {
        if (!enabled()) {
            return;
        }
        Path file = folder.resolve(key + SUFFIX);
        Path temporary = folder.resolve(key + "." + UUID.randomUUID() + ".tmp");
        try {
            createFolder();
            Files.createFile(temporary, PosixFilePermissions.asFileAttribute(FILE_MODE));
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(temporary))) {
                out.write(FactsJson.write(keepable(facts)).getBytes(StandardCharsets.UTF_8));
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            evict();
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temporary);
            warnOnce(folder, "cannot be written, so facts are not kept (" + e + ")");
        }
    }

    /** The folder, 0700 from its creation (an existing folder is left as its owner set it). */
    private void createFolder() throws IOException {
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder.getParent());
            try {
                Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(FOLDER_MODE));
            } catch (FileAlreadyExistsException createdMeanwhile) {
                // another process sharing the cache made it first
            }
        }
    }

    /** Newest first, entries are kept while they fit under the cap; the rest, and abandoned temporary files, go. */
    private void evict() throws IOException {
        List<Entry> entries = new ArrayList<>();
        Instant abandonedBefore = Instant.now().minus(ABANDONED_WRITE);
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(SUFFIX)) {
                    entries.add(Entry.of(f));
                } else if (name.endsWith(".tmp") && Entry.of(f).modified().isBefore(abandonedBefore)) {
                    deleteQuietly(f);
                }
            }
        }
        entries.sort(Comparator.comparing(Entry::modified).reversed());
        long kept = 0;
        for (Entry entry : entries) {
            kept += entry.bytes();
            if (kept > maxBytes) {
                deleteQuietly(entry.file());
            }
        }
    }

    /** A file's time and size read once, so that another process touching it cannot reorder a sort under way. */
    private record Entry(Path file, Instant modified, long bytes) {
        /** A file another process deleted meanwhile counts as the oldest and the smallest. */
        static Entry of(Path file) {
            try {
                return new Entry(file, Files.getLastModifiedTime(file).toInstant(), Files.size(file));
            } catch (IOException gone) {
                return new Entry(file, Instant.EPOCH, 0);
            }
        }
    }

    private void warnOnce(Path file, String what) {
        if (warned.add(file.getFileName().toString())) {
            LOG.warn("Facts cache {} {}", file, what);
        }
    }

    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
        } catch (IOException evictedMeanwhile) {
            // another process evicted it after we read it: the facts in hand are still good
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("Facts cache file {} could not be deleted: {}", file, e.toString());
        }
    }
}
