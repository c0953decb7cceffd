package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A Python worker's error survives the cut of a long traceback (kubeflow's Spark 4.1 fixture: pyspark's own frames first). */
class PythonTracebacksTest {
    @Test
    void theFramesGiveWayToTheRaisedError() {
        String logged = "Traceback (most recent call last):\n  File \"/opt/spark/python/lib/pyspark.zip/pyspark/worker.py\", line 3386,"
                + " in main\n    process()\n  File \"/app/generate_events.py\", line 37, in flaky_partition\n"
                + "    raise Exception(f\"transient failure for partition {index}\")\nException: transient failure for partition 1\n";
        assertEquals("Exception: transient failure for partition 1", PythonTracebacks.keepRaised(logged));
        assertEquals("Lost task 0.3: org.apache.spark.api.python.PythonException: ValueError: bad\n\tat org.apache.X.y(X.scala:1)",
                PythonTracebacks.keepRaised("Lost task 0.3: org.apache.spark.api.python.PythonException: Traceback (most recent call"
                        + " last):\n  File \"a.py\", line 1, in f\nValueError: bad\n\tat org.apache.X.y(X.scala:1)"));
        assertEquals("java.lang.IllegalStateException: boom", PythonTracebacks.keepRaised("java.lang.IllegalStateException: boom"));
    }

    @Test
    void aRealLogsRetriedPythonFailureKeepsItsError() {
        Path log = Path.of("..", "..", "shared", "real-logs", "kubeflow__mcp-apache-spark-history-server", "skills", "cli", "e2e",
                "spark-events", "local-1776286786993.zstd");
        Assumptions.assumeTrue(Files.exists(log), "../shared/real-logs is not beside this checkout");
        RunFacts facts = RunFactsReader.read(log);
        TaskFailureFacts stage4 = facts.failures().stream().filter(f -> f.stageId() == 4).findFirst().orElseThrow();
        assertTrue(stage4.message().startsWith("Exception: transient failure for partition "), stage4.message());
    }
}
