package io.sparkadvisor.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario catalogue. Sizes are chosen so that the significant stage of each application takes
 * roughly 8-25 s on a 2-core machine and the whole corpus generates in a few minutes.
 *
 * <p>Masters: CPU-bound scenarios run on {@code local[2]} so that slots do not outnumber the cores
 * of the generating machine (otherwise executor CPU time would fall to half of run time and every
 * log would look I/O-bound). Scenarios whose point is slots (I/O-bound waiting, one task while the
 * others idle) use {@code local[4]}.
 */
final class Scenarios {
  private Scenarios() {}

  static final Map<String, Scenario> ALL = new LinkedHashMap<>();

  static {
    List<Scenario> list = new ArrayList<>();
    list.add(Scenario.of("skew", "skew")
        .heapMb(4096)
        .describe("Sort-merge join of a 10M-row fact table with a 2,000-row dimension on market_id;"
            + " 85% of the fact rows carry market_id=7. AQE and broadcast joins are off, so the"
            + " hot key lands in one of 8 shuffle partitions and one task of the join stage does"
            + " most of the work (a SHA-256 per joined row).")
        .conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.adaptive.skewJoin.enabled", "false")
        .conf("spark.sql.autoBroadcastJoinThreshold", "-1")
        .conf("spark.sql.shuffle.partitions", "8")
        .known("factRows", Jobs.SKEW_ROWS).known("hotKey", "market_id=7")
        .known("hotKeyShare", 0.85).known("dimensionRows", 2000).known("shufflePartitions", 8)
        .known("partitioningKey", "market_id")
        .fires("skew").build());
    // Before/after pairs for the follow-up: the skew run after each of skew's steps (its values on the skew log).
    list.add(Scenario.of("skew-aqe-skewjoin", "skew")
        .heapMb(4096)
        .describe("The skew job after skew's step 1: AQE on with its skew join, at the factor, threshold and"
            + " advisory size the step computed on the skew log; broadcasts still off. AQE splits the hot"
            + " partition of the join and the stages are numbered anew.")
        .conf("spark.sql.adaptive.enabled", "true")
        .conf("spark.sql.adaptive.skewJoin.enabled", "true")
        .conf("spark.sql.adaptive.skewJoin.skewedPartitionFactor", "5")
        .conf("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", "8272450")
        .conf("spark.sql.adaptive.advisoryPartitionSizeInBytes", "3864861")
        .conf("spark.sql.autoBroadcastJoinThreshold", "-1")
        .conf("spark.sql.shuffle.partitions", "8")
        .known("pairOf", "skew").known("factRows", Jobs.SKEW_ROWS).known("hotKey", "market_id=7")
        .fires("broadcast-join").build());
    list.add(Scenario.of("skew-salted", "skew-salted")
        .heapMb(4096)
        .describe("The skew job after skew's step 2: the sales salted into " + Jobs.SALT_BUCKETS + " buckets,"
            + " each market copied once per salt (explode of a sequence), the join on market_id and salt;"
            + " AQE and broadcasts off as in skew.")
        .conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.adaptive.skewJoin.enabled", "false")
        .conf("spark.sql.autoBroadcastJoinThreshold", "-1")
        .conf("spark.sql.shuffle.partitions", "8")
        .known("pairOf", "skew").known("saltBuckets", Jobs.SALT_BUCKETS).known("factRows", Jobs.SKEW_ROWS)
        .fires("broadcast-join").build());
    list.add(Scenario.of("io-bound", "io-bound")
        .master("local[4]")
        .describe("24 single-row partitions on 4 slots; each task sleeps 1.8 s (as if waiting on"
            + " Kafka or JDBC) and does almost no CPU work, so tasks queue for slots in 6 waves.")
        .known("tasksInSleepStage", Jobs.IO_TASKS).known("sleepMsPerTask", Jobs.IO_SLEEP_MS)
        .known("slots", 4)
        .fires("io-bound-slots").build());
    list.add(Scenario.of("io-bound-6-slots", "io-bound")
        .master("local[6]")
        .describe("io-bound after io-bound-slots' step 1 (SPARK_WORKER_CORES 4 -> 6), as local mode takes it: the same"
            + " 24 sleeping tasks on 6 slots, in 4 waves.")
        .known("pairOf", "io-bound").known("tasksInSleepStage", Jobs.IO_TASKS).known("sleepMsPerTask", Jobs.IO_SLEEP_MS)
        .known("slots", 6)
        .fires("io-bound-slots").build());
    list.add(Scenario.of("small-files", "small-files")
        .describe("Reads a folder of " + Jobs.SMALL_FILES + " tiny JSON files (written by plain Java"
            + " before the application starts, 3 records each) with spark.read.json (schema"
            + " inference, then a scan) and aggregates by user.")
        .known("inputFiles", Jobs.SMALL_FILES).known("recordsPerFile", 3)
        .known("inputRecords", Jobs.SMALL_FILES * 3)
        .fires("small-files").build());
    list.add(Scenario.of("healthy", "healthy")
        .describe("A well-shaped CPU-bound job: 8 equal partitions of a SHA-256 per row over 32M"
            + " rows on 2 slots, then a small aggregation (after a 1/50-size warm-up job). No spill, skew, failures or idle slots.")
        .known("rows", Jobs.HEALTHY_ROWS).known("partitions", 8)
        .build());
    list.add(Scenario.of("cardinality-explosion", "cardinality-explosion")
        .describe("Broadcast hash join of 20,000 rows with 100,000 rows on a key with 10 values:"
            + " 200M output rows, then a filter through a Java UDF (nondeterministic, so the"
            + " optimizer cannot push it into the join condition) keeping 80,000 of them (0.04%).")
        .conf("spark.sql.adaptive.enabled", "false")
        .known("leftRows", Jobs.CE_LEFT).known("rightRows", Jobs.CE_RIGHT).known("keyValues", 10)
        .known("joinOutputRows", Jobs.CE_LEFT * Jobs.CE_RIGHT / 10)
        .known("filterOutputRows", 80_000L) // pairs with l % 5 == 0, 20 r per l
        .fires("cardinality-explosion").build());
    list.add(Scenario.of("spill", "spill")
        .heapMb(512)
        .conf("spark.driver.memory", "512m")
        .conf("spark.memory.fraction", "0.2")
        .conf("spark.sql.shuffle.partitions", "8")
        .conf("spark.sql.adaptive.coalescePartitions.enabled", "false")
        .describe("A window (row_number over 1M groups ordered by a random value) over 5M rows"
            + " with a 40-character payload, in a 512 MB JVM with spark.memory.fraction=0.2: the"
            + " sort behind the window spills to disk many times.")
        .known("rows", Jobs.SPILL_ROWS).known("heapMb", 512).known("memoryFraction", 0.2)
        .fires("spill").build());
    list.add(Scenario.of("too-few-partitions", "too-few-partitions")
        .master("local[4]")
        .describe("8 input partitions coalesced to 1 before a SHA-256 per row over 16M rows: one"
            + " task does all the work while 3 of the 4 slots idle.")
        .known("rows", Jobs.TFP_ROWS).known("tasksInHeavyStage", 1).known("slots", 4)
        .fires("idle-slots").build());
    list.add(Scenario.of("too-few-partitions-repartitioned", "repartitioned")
        .master("local[4]")
        .describe("too-few-partitions after partition-sizing's step: repartition(12) instead of coalesce(1),"
            + " which adds a shuffle: the hashing runs in 12 tasks of a new reduce stage.")
        .known("pairOf", "too-few-partitions").known("rows", Jobs.TFP_ROWS).known("partitions", 12).known("slots", 4)
        .build());
    list.add(Scenario.of("too-few-partitions-repartitioned-2x", "repartitioned-2x")
        .master("local[4]")
        .describe("too-few-partitions-repartitioned again with the same settings and twice the rows: a"
            + " run that read twice the input.")
        .known("pairOf", "too-few-partitions-repartitioned").known("rows", 2 * Jobs.TFP_ROWS).known("partitions", 12)
        .known("slots", 4)
        .build());
    list.add(Scenario.of("broad-listing", "broad-listing")
        .describe("A Parquet dataset partitioned by date (60 days) and hour (24) = 1,440 partitions"
            + " is read from its root path and filtered to one partition (date=2024-02-10,"
            + " hour=7); Spark lists every partition directory to find the one it keeps.")
        .known("datasetPartitions", Jobs.BL_DAYS * 24).known("partitionsKept", 1)
        .fires("broad-listing").build());
    list.add(Scenario.of("exact-partition-path", "exact-partition-path")
        .describe("Reads the same single partition as broad-listing through its exact path"
            + " (…/date=2024-02-10/hour=7): one directory is listed.")
        .known("datasetPartitions", Jobs.BL_DAYS * 24).known("partitionsRead", 1)
        .build());
    list.add(Scenario.of("task-failures", "task-failures")
        .master("local[2,4]")
        .describe("8 CPU tasks of ~2 s; partitions 0, 3 and 6 throw an IllegalStateException on"
            + " their first attempt (after doing their work) and succeed on retry"
            + " (local[2,4]: 4 attempts allowed).")
        .known("failedAttempts", 3).known("successfulTasks", 8)
        .known("exception", "java.lang.IllegalStateException")
        .fires("task-failures").build());
    list.add(Scenario.of("large-files-default", "large-files")
        .conf("spark.sql.files.minPartitionNum", "1")
        .describe("Reads 3 Parquet files of ~110 MB each (8 MB row groups) with the default 128 MB"
            + " split and aggregates every column (plus a SHA-512 of the two string columns): 3 input tasks on 2 slots."
            + " spark.sql.files.minPartitionNum=1 so the split size is not shrunk to"
            + " total/defaultParallelism, as on a cluster with many cores.")
        .known("inputFiles", 3).known("maxPartitionBytes", "128m").known("expectedInputTasks", 3)
        .fires("partition-sizing").build());
    list.add(Scenario.of("large-files-32mb", "large-files")
        .conf("spark.sql.files.minPartitionNum", "1")
        .conf("spark.sql.files.maxPartitionBytes", "32m")
        .describe("The same read as large-files-default with"
            + " spark.sql.files.maxPartitionBytes=32m: about 4 splits per file.")
        .known("inputFiles", 3).known("maxPartitionBytes", "32m")
        .build());
    list.add(Scenario.of("gc-pressure", "gc-pressure")
        .heapMb(512)
        .conf("spark.driver.memory", "512m")
        .describe("8 tasks (2 slots) in a 512 MB JVM, each keeping a sliding window of 500,000 small"
            + " live objects while allocating new ones: objects survive young collections and"
            + " fill the old generation, so JVM GC time is a large share of task time.")
        .known("heapMb", 512).known("liveObjectsPerTask", Jobs.GC_LIVE)
        .fires("gc-pressure").build());
    list.add(Scenario.of("task-cpus", "task-cpus")
        .master("local[1]")
        .describe("4 tasks on 1 slot; each task runs a 4-thread pool of CPU work (3 pool threads"
            + " plus the task thread) for a fixed amount of work. Note: Spark's executorCpuTime"
            + " counts only the task's own thread, so the pool threads' CPU is not in the log.")
        .known("threadsPerTask", 4).known("tasks", 4)
        .fires("task-cpus").build());
    list.add(Scenario.of("memory-overprovisioned", "memory-overprovisioned")
        .heapMb(6144)
        .conf("spark.driver.memory", "6g")
        .describe("The healthy job at half size in a 6 GB JVM: peak heap stays a small fraction of"
            + " the allocation.")
        .known("heapMb", 6144).known("rows", Jobs.HEALTHY_ROWS / 2)
        // memory-overprovisioned reports it at low only: a smaller heap has no saving it can quantify.
        .build());
    list.add(Scenario.of("overread", "overread")
        .conf("spark.sql.files.maxPartitionBytes", "32m")
        .describe("Scans the whole ~330 MB, 10-column Parquet dataset selecting every column and"
            + " keeps 3 rows through a Java UDF filter that cannot be pushed to the scan (no"
            + " partition or pushed filters). 32 MB splits so split size is not the issue.")
        .known("datasetRows", Jobs.WIDE_ROWS).known("resultRows", 3).known("columns", 10)
        .fires("overread").build());
    list.add(Scenario.of("cluster-on-write", "cluster-on-write")
        .conf("spark.sql.shuffle.partitions", "8")
        .describe("repartitionByRange(8, event_date, customer_id) + sortWithinPartitions(event_date,"
            + " customer_id) over 4M rows before a Parquet write: the range shuffle and sort"
            + " exist only to cluster the written files.")
        .known("rows", Jobs.COW_ROWS).known("clusteringColumns", List.of("event_date", "customer_id"))
        .known("outputFiles", 8)
        .fires("cluster-on-write").build());
    list.add(delta("delta-small-files", "Registers a Delta table of " + Jobs.DELTA_FILES + " tiny data files ("
        + Jobs.DELTA_ROWS + " events, 50 per file, written by one task each before the application starts)"
        + " as spark_catalog.default." + Jobs.DELTA_TABLE + " and reads one user's events from it by name"
        + " (user_id = 4242): every file's user_id range spans the whole range, so data skipping keeps nearly every file.")
        .known("dataFiles", Jobs.DELTA_FILES).fires("delta-file-layout").build());
    list.add(delta("delta-path-read", "The same Delta table as delta-small-files read by its path"
        + " (spark.read.format(\"delta\").load(path)) with the same filter: no catalog table in the plan.")
        .known("dataFiles", Jobs.DELTA_FILES).fires("delta-file-layout").build());
    list.add(delta("delta-optimized", "The same events as delta-small-files after OPTIMIZE ... ZORDER BY (user_id)"
        + " (run before the application starts), registered as a table and read with the same filter.")
        .build());
    list.add(Scenario.of("delta-writes", "delta-writes")
        .describe("Writes Delta tables four ways, " + Jobs.DELTA_WRITE_ROWS + " events over " + Jobs.DELTA_WRITE_FILES
            + " write tasks each (one small file per task): CREATE TABLE " + Jobs.DELTA_WRITTEN + " USING DELTA AS SELECT,"
            + " an append by saveAsTable, an INSERT INTO, and an overwrite of a folder by path (save(path)).")
        .conf("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .conf("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .known("tableFormat", "delta").known("table", "default." + Jobs.DELTA_WRITTEN)
        .known("filesPerWrite", Jobs.DELTA_WRITE_FILES).known("rowsPerWrite", Jobs.DELTA_WRITE_ROWS)
        .build());
    list.add(Scenario.of("delta-skew-join", "delta-skew-join")
        .heapMb(4096)
        .describe("The skew scenario on Delta: a " + Jobs.DELTA_SKEW_ROWS + "-row Delta table of sales (85% with"
            + " market_id=7) joined by name to a 2,000-row Delta table of markets, both written before the application"
            + " starts. AQE and broadcast joins are off, 8 shuffle partitions: one task of the join stage holds the hot key."
            + " The Delta snapshots' own shuffles (the log replay) run tiny partitions that AQE would have coalesced: skew's"
            + " AQE step turns AQE back on for them too, so aqe-disabled gives way to it (one switch per run).")
        .conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.adaptive.skewJoin.enabled", "false")
        .conf("spark.sql.autoBroadcastJoinThreshold", "-1")
        .conf("spark.sql.shuffle.partitions", "8")
        .conf("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .conf("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .known("tableFormat", "delta").known("factRows", Jobs.DELTA_SKEW_ROWS).known("hotKey", "market_id=7")
        .known("hotKeyShare", 0.85).known("partitioningKey", "market_id")
        .fires("skew").build());
    list.add(Scenario.of("smj-small-side", "smj-small-side")
        .conf("spark.sql.autoBroadcastJoinThreshold", "-1")
        .describe("A " + Jobs.SMJ_ROWS + "-row order table joined to a " + Jobs.SMJ_PRODUCTS + "-row product"
            + " table on product_id (uniform keys), then aggregated by product name. Broadcast joins are off"
            + " (spark.sql.autoBroadcastJoinThreshold=-1, which AQE's runtime threshold inherits), so Spark"
            + " shuffles and sorts both sides for a sort-merge join although the product side is a few tens of KB.")
        .known("largeSideRows", Jobs.SMJ_ROWS).known("smallSideRows", Jobs.SMJ_PRODUCTS)
        .known("joinKey", "product_id")
        .fires("broadcast-join").build());
    // An oversized broadcast and two runs after broadcast-join's step (threshold to Spark's 10m, the hint removed).
    list.add(ordersPerSegment(Scenario.of("broadcast-oversized", "broadcast-oversized"), "2g")
        .describe("A " + Jobs.BO_ORDERS + "-row order table joined to a " + Jobs.BO_CUSTOMERS + "-row customer table"
            + " (id, segment, 30-character address) on customer_id with broadcast(customers), then summed per segment;"
            + " spark.sql.autoBroadcastJoinThreshold=2g as well. The driver builds the customers' hashed rows, over"
            + " 1 GiB in memory, and broadcasts them.")
        .known("joinKey", "customer_id")
        .fires("broadcast-join").build());
    list.add(ordersPerSegment(Scenario.of("broadcast-oversized-hint-kept", "broadcast-oversized")
        .known("pairOf", "broadcast-oversized"), "10m")
        .describe("broadcast-oversized after the settings half of broadcast-join's step only: the threshold back to"
            + " 10m, the broadcast(customers) hint still in the code, so Spark still broadcasts the customers.")
        .fires("broadcast-join").build());
    list.add(ordersPerSegment(Scenario.of("broadcast-oversized-shuffled", "broadcast-oversized-shuffled")
        .known("pairOf", "broadcast-oversized"), "10m")
        .describe("broadcast-oversized after broadcast-join's whole step: the threshold back to 10m and the hint"
            + " removed, so both sides are shuffled and sorted for a sort-merge join.")
        .build());
    list.add(Scenario.of("aqe-off", "aqe-off")
        .conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.shuffle.partitions", "200") // Spark's default (the generator's is 8)
        .describe(Jobs.AQE_ACTIONS + " aggregations by user of a " + Jobs.AQE_ROWS + "-row event table ("
            + Jobs.AQE_USERS + " users), each shuffling a few MB into the default 200 partitions with AQE"
            + " off: every reduce stage runs 200 tasks of a few KB, which AQE would have coalesced into a few.")
        .known("rows", Jobs.AQE_ROWS).known("users", Jobs.AQE_USERS).known("shufflePartitions", 200)
        .known("tinyStages", Jobs.AQE_ACTIONS)
        .fires("aqe-disabled").build());
    list.add(Scenario.of("shuffle-many-partitions", "shuffle-many-partitions")
        .conf("spark.sql.shuffle.partitions", String.valueOf(Jobs.SPT_PARTITIONS))
        .conf("spark.sql.adaptive.coalescePartitions.enabled", "false")
        .describe("One aggregation by user of the aqe-off event table with AQE on but its partition"
            + " coalescing off and spark.sql.shuffle.partitions=" + Jobs.SPT_PARTITIONS + ": a shuffle of a few MB"
            + " cut into " + Jobs.SPT_PARTITIONS + " tasks of a few KB each.")
        .known("rows", Jobs.AQE_ROWS).known("users", Jobs.AQE_USERS)
        .known("shufflePartitions", Jobs.SPT_PARTITIONS)
        .fires("shuffle-sizing").build());
    for (String codec : List.of("zstd", "lz4", "snappy")) {
      list.add(Scenario.of("codec-" + codec, "healthy-small")
          .conf("spark.eventLog.compress", "true")
          .conf("spark.eventLog.compression.codec", codec)
          .describe("The healthy job at 1/8 size, written by Spark with"
              + " spark.eventLog.compression.codec=" + codec + " (Spark's own framing).")
          .known("rows", Jobs.HEALTHY_ROWS / 8)
          .output("codec").build());
    }
    list.add(Scenario.of("rolling", "healthy-small")
        .conf("spark.eventLog.rolling.enabled", "true")
        .conf("spark.eventLog.rolling.maxFileSize", "10m")
        .describe("The healthy job at 1/8 size written in Spark's rolling layout"
            + " (eventlog_v2_<appId>/ with events_1_<appId> and appstatus_<appId>); the log is"
            + " below the 10 MB minimum roll size, so there is one events file.")
        .known("rows", Jobs.HEALTHY_ROWS / 8)
        .output("rolling").build());
    list.add(Scenario.of("large", "large")
        .master("local[4]")
        .conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.shuffle.partitions", "1000")
        .describe("Benchmark input: 55 jobs, each a 1,000-task map stage and a 1,000-task reduce"
            + " stage (110,000 tasks). Not committed; plain JSON lines.")
        .known("tasks", 110_000)
        .output("bench").build());
    list.add(Scenario.of("million", "million")
        .master("local[4]")
        // one shuffle file per map task rather than one per reduce partition, then merged
        .conf("spark.shuffle.sort.bypassMergeThreshold", "0")
        // gigabytes as plain JSON lines: Spark writes it zstd-compressed, as a cluster may
        .conf("spark.eventLog.compress", "true")
        .conf("spark.eventLog.compression.codec", "zstd")
        .describe("Memory benchmark input: 200 RDD jobs, each a 4,900-task map stage and a 100-task"
            + " reduce stage (1,000,000 tasks). Not committed; zstd-compressed.")
        .known("tasks", 1_000_000)
        .output("bench").build());
    CompareScenarios.addTo(list);
    StreamingScenarios.addTo(list);
    for (Scenario s : list) {
      ALL.put(s.name(), s);
    }
  }

  /** A scenario on a Delta table: the Delta session settings and what the table holds by construction. */
  private static Scenario.Builder delta(String name, String description) {
    Scenario.Builder b = Scenario.of(name, name).describe(description)
        .known("tableFormat", "delta").known("rows", Jobs.DELTA_ROWS).known("filterColumn", "user_id");
    Jobs.DELTA_CONF.forEach(b::conf);
    return b;
  }

  /**
   * A run of the orders-per-segment job: a heap that holds the customers' hashed rows, the driver allowed to collect
   * them (spark.driver.maxResultSize), the broadcast threshold given, the sides' rows.
   */
  private static Scenario.Builder ordersPerSegment(Scenario.Builder b, String threshold) {
    return b.heapMb(6144)
        .conf("spark.sql.autoBroadcastJoinThreshold", threshold)
        .conf("spark.driver.maxResultSize", "4g")
        .known("streamSideRows", Jobs.BO_ORDERS).known("buildSideRows", Jobs.BO_CUSTOMERS);
  }

  /** Scenarios run by default (everything committed; the benchmark log only on request). */
  static List<Scenario> defaults() {
    List<Scenario> out = new ArrayList<>();
    for (Scenario s : ALL.values()) {
      if (!s.output().equals("bench")) {
        out.add(s);
      }
    }
    return out;
  }
}
