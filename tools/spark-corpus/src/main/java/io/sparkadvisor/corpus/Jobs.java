package io.sparkadvisor.corpus;

import static org.apache.spark.sql.functions.*;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.types.DataTypes;
import scala.Tuple2;

/** The bodies of the scenario applications. Every random number comes from a fixed seed. */
final class Jobs {
  private Jobs() {}

  static final long SKEW_ROWS = 10_000_000L;
  /** Buckets the salted skew job splits each market into: skew's step 2 on the skew scenario proposes 12. */
  static final int SALT_BUCKETS = 12;
  /** As many as the Parquet skew scenario: the hot task must run long enough to matter. */
  static final long DELTA_SKEW_ROWS = SKEW_ROWS;
  static final int IO_TASKS = 24;
  static final int IO_SLEEP_MS = 1800;
  static final int SMALL_FILES = 4000;
  static final long HEALTHY_ROWS = 32_000_000L;
  static final long CE_LEFT = 20_000L;
  static final long CE_RIGHT = 100_000L;
  static final long SPILL_ROWS = 5_000_000L;
  static final long TFP_ROWS = 16_000_000L;
  static final int BL_DAYS = 60;
  static final long WIDE_ROWS = 1_800_000L;
  static final int GC_LIVE = 500_000;
  static final long COW_ROWS = 4_000_000L;
  static final long SMJ_ROWS = 10_000_000L;
  static final int SMJ_PRODUCTS = 1000;
  static final long AQE_ROWS = 2_000_000L;
  static final int AQE_USERS = 20_000;
  /** Customers broadcast whole by the oversized-broadcast job: their hashed rows pass 1 GiB in memory. */
  static final long BO_CUSTOMERS = 12_000_000L;
  static final long BO_ORDERS = 4_000_000L;
  static final int AQE_ACTIONS = 5;
  static final int SPT_PARTITIONS = 1000;
  static final int DELTA_FILES = 4000;
  static final long DELTA_ROWS = 200_000L;
  static final int DELTA_USERS = 10_000;
  static final String DELTA_TABLE = "events";
  static final String DELTA_WRITTEN = "events_w";
  static final int DELTA_WRITE_FILES = 200;
  static final long DELTA_WRITE_ROWS = 20_000L;
  /** What a Spark session needs to read and write Delta tables (the Delta quickstart's two settings). */
  static final Map<String, String> DELTA_CONF = Map.of(
      "spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension",
      "spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");

  /** Prepares inputs that must exist before the measured application starts (no event log). */
  static void setup(String job, Path work) throws IOException {
    switch (job) {
      case "small-files" -> writeSmallFiles(work.resolve("small-json"));
      case "broad-listing", "exact-partition-path" -> withSetupSession(work, "partitioned", Map.of(),
          s -> writePartitioned(s, work.resolve("partitioned")));
      case "large-files", "overread" -> withSetupSession(work, "wide", Map.of(),
          s -> writeWide(s, work.resolve("wide")));
      case "delta-small-files", "delta-path-read" -> withSetupSession(work, "delta-small", DELTA_CONF,
          s -> writeDeltaEvents(s, work.resolve("delta-small"), false));
      case "delta-optimized" -> withSetupSession(work, "delta-optimized", DELTA_CONF,
          s -> writeDeltaEvents(s, work.resolve("delta-optimized"), true));
      case "delta-skew-join" -> withSetupSession(work, "delta-skew", DELTA_CONF,
          s -> writeDeltaSales(s, work.resolve("delta-sales"), work.resolve("delta-markets")));
      default -> CompareJobs.setup(job, work);
    }
  }

  static void run(String job, SparkSession spark, Path work) throws Exception {
    switch (job) {
      case "skew" -> skew(spark);
      case "skew-salted" -> skewSalted(spark);
      case "io-bound" -> ioBound(spark);
      case "small-files" -> smallFiles(spark, work.resolve("small-json"));
      case "healthy" -> healthy(spark, HEALTHY_ROWS);
      case "healthy-small" -> healthy(spark, HEALTHY_ROWS / 8);
      case "memory-overprovisioned" -> healthy(spark, HEALTHY_ROWS / 2);
      case "cardinality-explosion" -> cardinalityExplosion(spark);
      case "spill" -> spill(spark);
      case "too-few-partitions" -> tooFewPartitions(spark);
      case "repartitioned" -> repartitioned(spark, TFP_ROWS);
      case "repartitioned-2x" -> repartitioned(spark, 2 * TFP_ROWS);
      case "broad-listing" -> broadListing(spark, work.resolve("partitioned"));
      case "exact-partition-path" -> exactPartitionPath(spark, work.resolve("partitioned"));
      case "task-failures" -> taskFailures(spark);
      case "large-files" -> largeFiles(spark, work.resolve("wide"));
      case "gc-pressure" -> gcPressure(spark);
      case "task-cpus" -> taskCpus(spark);
      case "overread" -> overread(spark, work.resolve("wide"));
      case "cluster-on-write" -> clusterOnWrite(spark, work.resolve("clustered"));
      case "delta-small-files" -> deltaTableRead(spark, work.resolve("delta-small"));
      case "delta-path-read" -> filteredEvents(spark.read().format("delta").load(work.resolve("delta-small").toString()));
      case "delta-optimized" -> deltaTableRead(spark, work.resolve("delta-optimized"));
      case "delta-skew-join" -> deltaSkewJoin(spark, work.resolve("delta-sales"), work.resolve("delta-markets"));
      case "delta-writes" -> deltaWrites(spark, work.resolve("warehouse").resolve(DELTA_WRITTEN), work.resolve("delta-written"));
      case "smj-small-side" -> smjSmallSide(spark);
      case "broadcast-oversized" -> ordersPerSegment(spark, true);
      case "broadcast-oversized-shuffled" -> ordersPerSegment(spark, false);
      case "aqe-off" -> aqeOff(spark);
      case "shuffle-many-partitions" -> userAggregates(spark, 1);
      case "large" -> large(spark);
      case "million" -> million(spark);
      default -> CompareJobs.run(job, spark, work);
    }
  }

  // ---------------------------------------------------------------- scenarios

  static void skew(SparkSession spark) {
    hashPerMarket(skewedSales(spark).join(markets(spark), "market_id"));
  }

  /**
   * The skew job salted as skew's step 2 writes it: each sale gets one of {@link #SALT_BUCKETS} salts, each market
   * is copied once per salt, and the join matches on both, so the hot market spreads over 12 join keys.
   */
  static void skewSalted(SparkSession spark) {
    Dataset<Row> sales = skewedSales(spark).withColumn("salt", col("amount").mod(SALT_BUCKETS).cast("int"));
    Dataset<Row> markets = markets(spark).withColumn("salt", explode(sequence(lit(0), lit(SALT_BUCKETS - 1))));
    hashPerMarket(sales.join(markets, scala.jdk.javaapi.CollectionConverters.asScala(List.of("market_id", "salt")).toSeq()));
  }

  /** 85% of the sales carry market_id 7. */
  private static Dataset<Row> skewedSales(SparkSession spark) {
    return spark.range(0, SKEW_ROWS, 1, 4).select(
        when(col("id").mod(100).lt(85), lit(7))
            .otherwise(col("id").mod(1993).plus(8)).cast("int").as("market_id"),
        col("id").multiply(31).mod(1_000_003).as("amount"));
  }

  private static Dataset<Row> markets(SparkSession spark) {
    return spark.range(0, 2000, 1, 2).select(
        col("id").cast("int").as("market_id"),
        concat(lit("market-"), col("id")).as("market_name"));
  }

  /** A SHA-256 per joined row, summed per market. */
  private static void hashPerMarket(Dataset<Row> joined) {
    joined.select(col("market_name"),
            xxhash64(sha2(concat_ws("|", col("market_name"), col("amount")), 256)).as("h"))
        .groupBy("market_name").agg(sum("h").as("h"), count(lit(1)).as("n")).collectAsList();
  }

  static void ioBound(SparkSession spark) {
    spark.range(0, IO_TASKS, 1, IO_TASKS)
        .map((MapFunction<Long, Long>) id -> {
          Thread.sleep(IO_SLEEP_MS); // waiting on a remote system
          return id * 2;
        }, Encoders.LONG())
        .agg(sum("value")).collectAsList();
  }

  static void smallFiles(SparkSession spark, Path dir) {
    Dataset<Row> events = spark.read().json(dir.toString());
    events.groupBy("user_id").agg(count(lit(1)).as("events"), sum("amount").as("amount"))
        .collectAsList();
  }

  static void healthy(SparkSession spark, long rows) {
    healthyPass(spark, rows / 50); // a small warm-up job, so JIT compilation does not skew tasks
    healthyPass(spark, rows);
  }

  private static void healthyPass(SparkSession spark, long rows) {
    spark.range(0, rows, 1, 8)
        .select(col("id").mod(1000).as("k"),
            xxhash64(sha2(col("id").cast("string"), 256)).as("h"))
        .groupBy("k").agg(sum("h"), count(lit(1)))
        .collectAsList();
  }

  static void cardinalityExplosion(SparkSession spark) {
    Dataset<Row> left = spark.range(0, CE_LEFT, 1, 8)
        .select(col("id").as("l_id"), col("id").mod(10).as("k"));
    Dataset<Row> right = spark.range(0, CE_RIGHT, 1, 2)
        .select(col("id").as("r_id"), col("id").mod(10).as("k"));
    // A UDF the optimizer cannot see through (nondeterministic, so it is not pushed into the join
    // condition): the join really emits every candidate pair and the Filter after it drops them.
    UserDefinedFunction keep = udf(
        (org.apache.spark.sql.api.java.UDF2<Long, Long, Boolean>) (l, r) -> (l * 7 + r) % 5000 == 0,
        DataTypes.BooleanType).asNondeterministic();
    left.join(broadcast(right), "k")
        .where(keep.apply(col("l_id"), col("r_id")))
        .agg(count(lit(1)), sum("l_id"))
        .collectAsList();
  }

  static void spill(SparkSession spark) {
    Dataset<Row> rows = spark.range(0, SPILL_ROWS, 1, 8).select(
        col("id").mod(1_000_000).as("g"),
        rand(11).as("r"),
        substring(sha2(col("id").cast("string"), 256), 1, 40).as("payload"));
    rows.withColumn("rn", row_number().over(Window.partitionBy("g").orderBy("r")))
        .where(col("rn").equalTo(1))
        .agg(count(lit(1)), max("payload"))
        .collectAsList();
  }

  static void tooFewPartitions(SparkSession spark) {
    sumOfHashes(spark.range(0, TFP_ROWS, 1, 8).coalesce(1));
  }

  /** too-few-partitions as partition-sizing's step writes it: repartition(12) instead of coalesce(1). */
  static void repartitioned(SparkSession spark, long rows) {
    sumOfHashes(spark.range(0, rows, 1, 8).repartition(12));
  }

  private static void sumOfHashes(Dataset<Long> ids) {
    ids.select(xxhash64(sha2(col("id").cast("string"), 256)).as("h"))
        .agg(sum("h"))
        .collectAsList();
  }

  static void broadListing(SparkSession spark, Path root) {
    spark.read().parquet(root.toString())
        .where(col("date").equalTo(lit("2024-02-10")).and(col("hour").equalTo(7)))
        .agg(count(lit(1)), sum("amount"))
        .collectAsList();
  }

  static void exactPartitionPath(SparkSession spark, Path root) {
    spark.read().parquet(root.resolve("date=2024-02-10").resolve("hour=7").toString())
        .agg(count(lit(1)), sum("amount"))
        .collectAsList();
  }

  static void taskFailures(SparkSession spark) {
    spark.range(0, 8, 1, 8)
        .mapPartitions((MapPartitionsFunction<Long, Long>) it -> {
          TaskContext tc = TaskContext.get();
          long acc = burnCpu(9_000_000);
          if (tc.attemptNumber() == 0 && tc.partitionId() % 3 == 0) {
            throw new IllegalStateException("simulated transient failure: upstream connection reset"
                + " (partition " + tc.partitionId() + ", attempt " + tc.attemptNumber() + ")");
          }
          List<Long> out = new ArrayList<>();
          it.forEachRemaining(x -> out.add(x + (acc & 1)));
          return out.iterator();
        }, Encoders.LONG())
        .agg(sum("value"))
        .collectAsList();
  }

  static void largeFiles(SparkSession spark, Path wide) {
    Dataset<Row> df = spark.read().parquet(wide.toString());
    List<Column> aggs = new ArrayList<>();
    for (String c : df.columns()) {
      aggs.add(c.startsWith("s") ? max(length(col(c))) : sum(col(c)));
    }
    // some real per-row work on top of decoding, as a downstream transformation would have
    aggs.add(sum(xxhash64(sha2(col("s1"), 512), sha2(col("s2"), 512))));
    df.agg(count(lit(1)), aggs.toArray(new Column[0])).collectAsList();
  }

  static void overread(SparkSession spark, Path wide) {
    UserDefinedFunction wanted = udf(
        (org.apache.spark.sql.api.java.UDF1<Long, Boolean>) id -> id == 17L || id == 1_234_567L
            || id == 1_456_789L, DataTypes.BooleanType);
    spark.read().parquet(wide.toString())
        .where(wanted.apply(col("id")))
        .collectAsList();
  }

  static void gcPressure(SparkSession spark) {
    spark.range(0, 8, 1, 8)
        .mapPartitions((MapPartitionsFunction<Long, Long>) it -> {
          Object[] window = new Object[GC_LIVE];
          long acc = 0;
          for (int i = 0; i < GC_LIVE * 8; i++) {
            String s = "event-" + i + "-" + (i * 2654435761L);
            window[i % GC_LIVE] = new Object[] {s, (long) i};
            acc += s.length();
          }
          List<Long> out = new ArrayList<>();
          long a = acc;
          it.forEachRemaining(x -> out.add(x + a));
          return out.iterator();
        }, Encoders.LONG())
        .agg(sum("value"))
        .collectAsList();
  }

  static void taskCpus(SparkSession spark) {
    spark.range(0, 4, 1, 4)
        .mapPartitions((MapPartitionsFunction<Long, Long>) it -> {
          ExecutorService pool = Executors.newFixedThreadPool(3);
          try {
            List<Future<Long>> parts = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
              parts.add(pool.submit(() -> burnCpu(4_000_000)));
            }
            long acc = burnCpu(4_000_000); // the task thread takes a quarter of the work
            for (Future<Long> f : parts) {
              acc += f.get();
            }
            List<Long> out = new ArrayList<>();
            long a = acc;
            it.forEachRemaining(x -> out.add(x + (a & 1)));
            return out.iterator();
          } finally {
            pool.shutdown();
          }
        }, Encoders.LONG())
        .agg(sum("value"))
        .collectAsList();
  }

  static void clusterOnWrite(SparkSession spark, Path out) {
    spark.range(0, COW_ROWS, 1, 8).select(
            expr("date_add(DATE'2024-01-01', CAST(id % 90 AS INT))").as("event_date"),
            col("id").multiply(7919).mod(100_000).as("customer_id"),
            sha2(col("id").cast("string"), 256).as("payload"),
            rand(3).as("amount"))
        .repartitionByRange(8, col("event_date"), col("customer_id"))
        .sortWithinPartitions("event_date", "customer_id")
        .write().mode(SaveMode.Overwrite).parquet(out.toString());
  }

  /**
   * Writes Delta tables the four ways jobs do, each write task leaving one small file ({@value #DELTA_WRITE_FILES} per
   * write): a CTAS by name, an append by saveAsTable, an INSERT INTO, and a write by path. Earlier runs' folders are
   * removed first so that the CTAS creates the table.
   */
  static void deltaWrites(SparkSession spark, Path table, Path path) throws IOException {
    deleteTree(table);
    deleteTree(path);
    writtenEvents(spark, 0);
    spark.sql("CREATE TABLE " + DELTA_WRITTEN + " USING DELTA AS SELECT * FROM events_src");
    writtenEvents(spark, 1).write().format("delta").mode(SaveMode.Append).saveAsTable(DELTA_WRITTEN);
    writtenEvents(spark, 2);
    spark.sql("INSERT INTO " + DELTA_WRITTEN + " SELECT * FROM events_src");
    writtenEvents(spark, 3).write().format("delta").mode(SaveMode.Overwrite).save(path.toString());
  }

  /** {@value #DELTA_WRITE_ROWS} events over {@value #DELTA_WRITE_FILES} partitions, also visible as view events_src. */
  private static Dataset<Row> writtenEvents(SparkSession spark, int batch) {
    Dataset<Row> events = spark.range(batch * DELTA_WRITE_ROWS, (batch + 1) * DELTA_WRITE_ROWS, 1, DELTA_WRITE_FILES)
        .select(col("id").as("event_id"), pmod(xxhash64(col("id")), lit(DELTA_USERS)).as("user_id"),
            col("id").multiply(31).mod(10_000).as("amount"), lit("click").as("kind"));
    events.createOrReplaceTempView("events_src");
    return events;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Registers the Delta folder as a catalog table (the catalog is in memory, so every application does) and reads it by name. */
  static void deltaTableRead(SparkSession spark, Path dir) {
    spark.sql("CREATE TABLE " + DELTA_TABLE + " USING DELTA LOCATION '" + dir + "'");
    filteredEvents(spark.table(DELTA_TABLE));
  }

  /** The skew scenario's join on two Delta tables read by name: the hot market_id lands in one partition. */
  static void deltaSkewJoin(SparkSession spark, Path sales, Path markets) {
    spark.sql("CREATE TABLE sales USING DELTA LOCATION '" + sales + "'");
    spark.sql("CREATE TABLE markets USING DELTA LOCATION '" + markets + "'");
    spark.table("sales").join(spark.table("markets"), "market_id")
        .select(col("market_name"),
            xxhash64(sha2(concat_ws("|", col("market_name"), col("amount")), 256)).as("h"))
        .groupBy("market_name").agg(sum("h").as("h"), count(lit(1)).as("n")).collectAsList();
  }

  /** One user's events: every file's user_id range spans nearly all users, so data skipping keeps nearly every file. */
  private static void filteredEvents(Dataset<Row> events) {
    events.where(col("user_id").equalTo(4242)).agg(count(lit(1)), sum("amount")).collectAsList();
  }

  /** A 10M-row fact table joined to a 1,000-row product table, then aggregated by product name. */
  static void smjSmallSide(SparkSession spark) {
    Dataset<Row> orders = spark.range(0, SMJ_ROWS, 1, 4).select(
        col("id").multiply(7919).mod(SMJ_PRODUCTS).cast("int").as("product_id"),
        col("id").multiply(31).mod(1_000_003).as("amount"));
    Dataset<Row> products = spark.range(0, SMJ_PRODUCTS, 1, 1).select(
        col("id").cast("int").as("product_id"),
        concat(lit("product-"), col("id")).as("product_name"));
    orders.join(products, "product_id")
        .groupBy("product_name").agg(sum("amount").as("amount"), count(lit(1)).as("n"))
        .collectAsList();
  }

  /**
   * 4M orders joined to 12M customers (id, segment, a 30-character address) on customer_id, summed per segment; with
   * {@code hint} the customer side is broadcast whatever its size ({@code broadcast(customers)}), without it the join
   * is left to the optimizer and spark.sql.autoBroadcastJoinThreshold.
   */
  static void ordersPerSegment(SparkSession spark, boolean hint) {
    Dataset<Row> orders = spark.range(0, BO_ORDERS, 1, 4).select(
        col("id").multiply(7919).mod(BO_CUSTOMERS).as("customer_id"),
        col("id").multiply(31).mod(1_000_003).as("amount"));
    Dataset<Row> customers = spark.range(0, BO_CUSTOMERS, 1, 4).select(
        col("id").as("customer_id"),
        col("id").mod(100).cast("int").as("segment"),
        concat(lit("customer-street-"), lpad(col("id").cast("string"), 14, "0")).as("address"));
    orders.join(hint ? broadcast(customers) : customers, "customer_id")
        .groupBy("segment").agg(sum("amount").as("amount"), sum(length(col("address"))).as("chars"))
        .collectAsList();
  }

  /** Several small aggregations of one 2M-row event table, each through its own shuffle. */
  static void aqeOff(SparkSession spark) {
    userAggregates(spark, AQE_ACTIONS);
  }

  /** {@code actions} aggregations of 2M events by user (20,000 users), each a shuffle of a few MB. */
  private static void userAggregates(SparkSession spark, int actions) {
    Dataset<Row> events = spark.range(0, AQE_ROWS, 1, 4).select(
        col("id").multiply(7919).mod(AQE_USERS).as("user_id"),
        col("id").mod(97).as("page"),
        col("id").multiply(13).mod(1000).as("ms"));
    for (int i = 0; i < actions; i++) {
      events.where(col("page").notEqual(i))
          .groupBy("user_id").agg(sum("ms").as("ms"), count(lit(1)).as("n"))
          .agg(max("ms"), sum("n"))
          .collectAsList();
    }
  }

  static void large(SparkSession spark) {
    for (int i = 0; i < 55; i++) {
      spark.range(0, 200_000, 1, 1000)
          .groupBy(col("id").mod(97 + i).as("k")).count()
          .collectAsList();
    }
  }

  /**
   * 200 jobs of a 4,900-task map stage and a 100-task reduce stage: 1,000,000 tasks. RDD tasks, whose
   * task ends carry fewer accumulators than SQL's, so that the log is written in minutes, not hours.
   */
  static void million(SparkSession spark) {
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<Integer> numbers = new ArrayList<>();
    for (int n = 0; n < 49_000; n++) {
      numbers.add(n);
    }
    for (int i = 0; i < 200; i++) {
      int mod = 97 + i;
      sc.parallelize(numbers, 4_900).mapToPair(n -> new Tuple2<>(n % mod, 1)).reduceByKey(Integer::sum, 100).count();
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Pure CPU work: {@code iterations} SHA-256 rounds over a 32-byte buffer. */
  static long burnCpu(int iterations) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    byte[] buf = new byte[32];
    for (int i = 0; i < iterations; i++) {
      buf = md.digest(buf);
    }
    return buf[0];
  }

  interface SetupBody {
    void run(SparkSession s) throws Exception;
  }

  static void withSetupSession(Path work, String name, Map<String, String> conf, SetupBody body)
      throws IOException {
    Path marker = work.resolve(name + ".done");
    if (Files.exists(marker)) {
      return;
    }
    SparkSession.Builder b = SparkSession.builder().master("local[2]").appName("spark-corpus-setup-" + name)
        .config("spark.ui.enabled", "false").config("spark.eventLog.enabled", "false")
        .config("spark.sql.shuffle.partitions", "8");
    conf.forEach(b::config);
    SparkSession s = b.getOrCreate();
    try {
      body.run(s);
    } catch (Exception e) {
      throw new IOException("setup " + name + " failed", e);
    } finally {
      s.stop();
    }
    Files.writeString(marker, "ok\n");
  }

  private static void writeSmallFiles(Path dir) throws IOException {
    Path marker = dir.resolveSibling(dir.getFileName() + ".done");
    if (Files.exists(marker)) {
      return;
    }
    Files.createDirectories(dir);
    Random rnd = new Random(42);
    for (int f = 0; f < SMALL_FILES; f++) {
      try (Writer w = Files.newBufferedWriter(dir.resolve(String.format("part-%05d.json", f)),
          StandardCharsets.UTF_8)) {
        for (int r = 0; r < 3; r++) {
          long id = f * 3L + r;
          w.write("{\"event_id\":" + id + ",\"user_id\":" + rnd.nextInt(500) + ",\"amount\":"
              + rnd.nextInt(10_000) + ",\"kind\":\"click\"}\n");
        }
      }
    }
    Files.writeString(marker, "ok\n");
  }

  private static void writePartitioned(SparkSession s, Path root) {
    long rowsPerPartition = 200;
    long total = BL_DAYS * 24L * rowsPerPartition;
    s.range(0, total, 1, 8).select(
            expr("date_add(DATE'2024-01-01', CAST(id DIV " + (24 * rowsPerPartition) + " AS INT))")
                .cast("string").as("date"),
            expr("CAST((id DIV " + rowsPerPartition + ") % 24 AS INT)").as("hour"),
            col("id").as("event_id"),
            col("id").multiply(13).mod(10_000).as("amount"))
        .repartition(8, col("date"))
        .write().mode(SaveMode.Overwrite).partitionBy("date", "hour").parquet(root.toString());
  }

  /**
   * {@value #DELTA_ROWS} events in {@value #DELTA_FILES} Delta data files of 50 rows each (one per
   * write task); user_id is a hash, so every file holds users from the whole range. {@code optimize}
   * then compacts the table the way delta-file-layout advises (OPTIMIZE ... ZORDER BY the filter column).
   */
  private static void writeDeltaEvents(SparkSession s, Path dir, boolean optimize) {
    s.range(0, DELTA_ROWS, 1, DELTA_FILES).select(
            col("id").as("event_id"),
            pmod(xxhash64(col("id")), lit(DELTA_USERS)).as("user_id"),
            col("id").multiply(31).mod(10_000).as("amount"),
            lit("click").as("kind"))
        .write().format("delta").mode(SaveMode.Overwrite).save(dir.toString());
    if (optimize) {
      s.sql("OPTIMIZE delta.`" + dir + "` ZORDER BY (user_id)");
    }
  }

  /** The skew scenario's fact and dimension rows as Delta tables: 85% of the sales carry market_id 7. */
  private static void writeDeltaSales(SparkSession s, Path sales, Path markets) {
    s.range(0, DELTA_SKEW_ROWS, 1, 8).select(
            when(col("id").mod(100).lt(85), lit(7)).otherwise(col("id").mod(1993).plus(8)).cast("int").as("market_id"),
            col("id").multiply(31).mod(1_000_003).as("amount"))
        .write().format("delta").mode(SaveMode.Overwrite).save(sales.toString());
    s.range(0, 2000, 1, 1).select(col("id").cast("int").as("market_id"), concat(lit("market-"), col("id")).as("market_name"))
        .write().format("delta").mode(SaveMode.Overwrite).save(markets.toString());
  }

  private static void writeWide(SparkSession s, Path dir) {
    s.range(0, WIDE_ROWS, 1, 3).select(
            col("id"), col("id").mod(1000).as("key"),
            rand(1).as("d1"), rand(2).as("d2"), rand(3).as("d3"),
            rand(4).as("d4"), rand(5).as("d5"), rand(6).as("d6"),
            sha2(col("id").cast("string"), 256).as("s1"),
            sha2(concat(lit("x"), col("id")), 256).as("s2"))
        .write().mode(SaveMode.Overwrite)
        .option("parquet.block.size", String.valueOf(8 * 1024 * 1024))
        .parquet(dir.toString());
  }
}
