package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Event logs written by others, read in place from {@code ../shared/real-logs} beside the checkout (CI has it); a test
 * that needs one is skipped where it is absent.
 */
public final class RealLogs {
    private static final Path ROOT = Path.of("..", "..", "shared", "real-logs");

    private RealLogs() {}

    /** The facts of a real log by its path under real-logs; skips the test when the folder is not there. */
    public static RunFacts facts(String relative) {
        Path log = ROOT.resolve(relative);
        assumeTrue(Files.exists(log), log + " is not beside this checkout");
        return RunFactsReader.read(log);
    }
}
