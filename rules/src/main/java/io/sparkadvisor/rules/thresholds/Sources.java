package io.sparkadvisor.rules.thresholds;

/**
 * Where threshold defaults come from, as addresses a reader can open. A default that is our own
 * calibration says so with {@link #OURS} followed by the reasoning.
 */
public final class Sources {
    public static final String OURS = "spark-advisor's own choice: ";
    public static final String SPARK_SQL_TUNING = "https://spark.apache.org/docs/latest/sql-performance-tuning.html";
    public static final String SPARK_CONFIGURATION = "https://spark.apache.org/docs/latest/configuration.html";
    public static final String SPARK_TUNING = "https://spark.apache.org/docs/latest/tuning.html";
    public static final String SPARK_MEMORY_MANAGER =
            "https://github.com/apache/spark/blob/v3.5.3/core/src/main/scala/org/apache/spark/memory/UnifiedMemoryManager.scala";
    public static final String SPARK_FILE_PARTITION = "https://github.com/apache/spark/blob/v3.5.3/sql/core/src/main/scala/"
            + "org/apache/spark/sql/execution/datasources/FilePartition.scala";
    public static final String DR_ELEPHANT_GC = "https://github.com/linkedin/dr-elephant/blob/master/app/com/linkedin/"
            + "drelephant/spark/heuristics/ExecutorGcHeuristic.scala";
    public static final String DR_ELEPHANT_TUNING = "https://github.com/linkedin/dr-elephant/blob/tuning_20190221/app/com/"
            + "linkedin/drelephant/spark/heuristics/ConfigurationHeuristicsConstants.scala";
    public static final String DR_ELEPHANT_JVM_MEMORY = "https://github.com/linkedin/dr-elephant/blob/tuning_20190221/app/com/"
            + "linkedin/drelephant/spark/heuristics/JvmUsedMemoryHeuristic.scala";
    public static final String DATAFLINT_METRICS = "https://github.com/dataflint/spark/blob/main/spark-ui/src/reducers/MetricsReducer.ts";
    public static final String DATAFLINT_ALERTS = "https://github.com/dataflint/spark/tree/main/spark-ui/src/reducers/Alerts";
    public static final String SPARKLENS = "https://github.com/qubole/sparklens/tree/master/src/main/scala/com/qubole/sparklens/analyzer";
    public static final String QUERY_HISTORY = "https://docs.databricks.com/aws/en/admin/system-tables/query-history";
    public static final String QUERY_PROFILE = "https://docs.databricks.com/aws/en/sql/user/queries/query-profile";
    public static final String PERFORMANCE_MODES = "https://docs.databricks.com/aws/en/compute/serverless/performance-modes";
    public static final String PHOTON = "https://docs.databricks.com/aws/en/compute/photon";
    public static final String DATABRICKS_COMPUTE = "https://docs.databricks.com/en/compute/configure.html";
    public static final String DATABRICKS_SPARK_CONF = "https://docs.databricks.com/en/compute/configure.html#spark-configuration";

    // data-access: DataFlint's alerts, one file each
    public static final String DATAFLINT_SMALL_TASKS = "https://github.com/dataflint/spark/blob/main/spark-ui/src/reducers/Alerts/"
            + "SmallTasksAlert.ts";
    public static final String DATAFLINT_SQL_INPUT_OUTPUT = "https://github.com/dataflint/spark/blob/main/spark-ui/src/reducers/"
            + "Alerts/MemorySQLInputOutputAlerts.ts";
    public static final String DATAFLINT_WASTED_CORES = "https://github.com/dataflint/spark/blob/main/spark-ui/src/reducers/"
            + "Alerts/WastedCoresAlertsReducer.ts";

    private Sources() {}
}
