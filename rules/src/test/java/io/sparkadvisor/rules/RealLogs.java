package io.sparkadvisor.rules;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test helper: a real event log written by others, read in place from {@code ../shared/real-logs} (CI has it); a test
 * on one is skipped by assumption where the folder is not beside the checkout.
 */
public final class RealLogs {
    private static final Path ROOT = Path.of("..", "..", "shared", "real-logs");
    public static final String RAPIDS_PROFILING = "NVIDIA__spark-rapids-tools/spark-events-profiling/";
    public static final String RAPIDS_QUALIFICATION = "NVIDIA__spark-rapids-tools/spark-events-qualification/";
    public static final String KUBEFLOW_EVENTS = "kubeflow__mcp-apache-spark-history-server/examples/basic/events/";

    private RealLogs() {}

    /** The facts of the log at {@code relative} under real-logs. */
    public static RunFacts facts(String relative) {
        Path log = ROOT.resolve(relative);
        assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        return RunFactsReader.read(log);
    }
}
