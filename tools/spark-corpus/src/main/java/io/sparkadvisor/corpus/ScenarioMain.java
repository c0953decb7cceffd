package io.sparkadvisor.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Runs one scenario application in this JVM (forked by {@link Main} with the scenario's heap and
 * the --add-opens flags). Arguments: scenario name, event-log directory, work directory, app-name
 * suffix, then any number of extra Spark properties as key=value.
 */
public final class ScenarioMain {
  private ScenarioMain() {}

  public static void main(String[] args) throws Exception {
    Scenario sc = Scenarios.ALL.get(args[0]);
    if (sc == null) {
      throw new IllegalArgumentException("unknown scenario " + args[0]);
    }
    Path logDir = Path.of(args[1]);
    Path work = Path.of(args[2]);
    String suffix = args.length > 3 ? args[3] : "";
    Files.createDirectories(logDir);
    Files.createDirectories(work);
    Jobs.setup(sc.job(), work);

    SparkSession.Builder b = SparkSession.builder()
        .master(sc.master())
        .appName("spark-corpus-" + sc.name() + suffix)
        .config("spark.ui.enabled", "false")
        .config("spark.eventLog.enabled", "true")
        .config("spark.eventLog.dir", logDir.toUri().toString())
        .config("spark.eventLog.compress", "false")
        .config("spark.eventLog.rolling.enabled", "false")
        .config("spark.eventLog.logStageExecutorMetrics", "true")
        .config("spark.executor.metrics.pollingInterval", "100ms")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.driver.memory", sc.heapMb() + "m")
        .config("spark.local.dir", work.resolve("spark-local").toString())
        .config("spark.sql.warehouse.dir", work.resolve("warehouse").toString());
    for (Map.Entry<String, String> e : sc.conf().entrySet()) {
      b.config(e.getKey(), e.getValue());
    }
    for (int i = 4; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      b.config(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    SparkSession spark = b.getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    long t0 = System.nanoTime();
    try {
      if (sc.output().equals("streaming")) {
        StreamingJobs.run(sc.job(), spark, work);
      } else {
        Jobs.run(sc.job(), spark, work);
      }
    } finally {
      spark.stop();
    }
    System.err.printf("[spark-corpus] %s: application body took %.1f s%n", sc.name() + suffix,
        (System.nanoTime() - t0) / 1e9);
  }
}
