package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.FactsCacheSettings;
import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --workspace-dir}: a run analysed once is analysed again from its kept facts
 * (SPARK_ADVISOR_FACTS_CACHE_DIR, set under target/ for the tests), and {@code --no-cache} reads
 * the log. Proven by spoiling the log with bytes of the same size after the first analysis: the
 * kept facts still answer; the log itself no longer can.
 */
class FactsCacheCliTest {
    private static final String LOG = "dbfs/cluster-logs/1201-orders-main/eventlog/1201-orders-main_10_1_2_3/5150/eventlog-2026-12-01--02-00.gz";

    @TempDir
    Path workspace;

    private record Result(int code, String out, String err) {}

    @Test
    void aSecondAnalyzeUsesTheKeptFactsAndNoCacheReadsTheLog() throws IOException {
        copy(Corpus.dir().resolve("workspace"), workspace);
        Result first = analyze("--workspace-dir", workspace.toString(), "4201", "--format", "json");
        assertEquals(0, first.code(), first.err());

        Path log = workspace.resolve(LOG);
        byte[] spoiled = new byte[(int) Files.size(log)];
        Arrays.fill(spoiled, (byte) 'x');
        Files.write(log, spoiled);

        Result second = analyze("--workspace-dir", workspace.toString(), "4201", "--format", "json");
        assertEquals(0, second.code(), second.err());
        assertEquals(first.out(), second.out(), "the same analyze JSON from the kept facts");

        Result uncached = analyze("--workspace-dir", workspace.toString(), "4201", "--format", "json", "--no-cache");
        assertEquals(Main.BAD_INPUT, uncached.code(), "--no-cache reads the spoiled log: " + uncached.out());
        assertTrue(uncached.err().startsWith("spark-advisor: cannot read eventlog-2026-12-01--02-00.gz"), uncached.err());
    }

    @Test
    void aCapThatIsNotANumberIsBadInput() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> FactsCacheSettings.fromEnvironment(Map.of("SPARK_ADVISOR_FACTS_CACHE_MB", "lots")));
        assertEquals("SPARK_ADVISOR_FACTS_CACHE_MB is malformed: \"lots\" is not a whole number from 0 to 1048576 (megabytes)", e.getMessage());
        assertTrue(!FactsCacheSettings.fromEnvironment(Map.of("SPARK_ADVISOR_FACTS_CACHE_MB", "0")).enabled());
    }

    private static Result analyze(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = Stream.concat(Stream.of("analyze"), Arrays.stream(args)).toArray(String[]::new);
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all);
        return new Result(code, out.toString(), err.toString());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
