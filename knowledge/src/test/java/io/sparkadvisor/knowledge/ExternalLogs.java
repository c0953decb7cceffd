package io.sparkadvisor.knowledge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The real event logs written by others under {@code corpus/external/<source>/} (see its README):
 * each entry of a source folder is one application's log, a file or a folder in a rolling layout.
 * Names are {@code <source>/<entry>}, relative to {@link #dir()}.
 */
public final class ExternalLogs {
    private ExternalLogs() {}

    public static Path dir() {
        return Corpus.dir().resolve("external");
    }

    public static Path path(String name) {
        return dir().resolve(name);
    }

    /** Every log, sorted by name. */
    public static List<String> all() {
        try (Stream<Path> sources = Files.list(dir())) {
            return sources.filter(Files::isDirectory).sorted().flatMap(ExternalLogs::entries)
                    .map(p -> dir().relativize(p).toString().replace('\\', '/')).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every log except those named, for parameterised tests whose failing cases stand alone as @Disabled tests. */
    public static List<String> allExcept(String... names) {
        List<String> excluded = List.of(names);
        List<String> all = all();
        for (String name : excluded) {
            if (!all.contains(name)) {
                throw new IllegalArgumentException("no external log " + name);
            }
        }
        return all.stream().filter(n -> !excluded.contains(n)).toList();
    }

    private static Stream<Path> entries(Path source) {
        try (Stream<Path> s = Files.list(source)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
