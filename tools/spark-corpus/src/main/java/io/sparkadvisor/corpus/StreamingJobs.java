package io.sparkadvisor.corpus;

import static org.apache.spark.sql.functions.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The bodies of the Structured Streaming scenarios: one query each, run for a fixed wall time, then stopped (Spark
 * posts its QueryTerminatedEvent). Sources are the rate source, a file source fed by a thread of this JVM, and a Kafka
 * broker in its own JVM (see {@link KafkaBroker}). Sinks are Spark's no-op sink: the scenarios are about the source,
 * the work and the state, not the output.
 */
final class StreamingJobs {
  private StreamingJobs() {}

  // healthy control: real CPU work per row (so the batch's own work, not its bookkeeping, fills its time), a trigger
  // several times the batch duration even on the loaded generating machine
  static final int HEALTHY_ROWS_PER_SECOND = 1_000;
  static final int HEALTHY_DIGEST_ROUNDS = 50;
  static final int HEALTHY_TRIGGER_MS = 15_000;
  static final int HEALTHY_RUN_S = 240;
  // falling behind because tasks wait: 2 slots each sleeping per row can process 2 x 1000 / SLEEP rows/s
  static final int WAITS_ROWS_PER_SECOND = 24;
  static final int WAITS_SLEEP_MS_PER_ROW = 100;
  static final int WAITS_TRIGGER_MS = 2_000;
  static final int WAITS_RUN_S = 150;
  // Kafka: each record waits; bounded batches (maxOffsetsPerTrigger), so the backlog shows as offsets behind latest.
  // On local[8] its 2 partitions cap the throughput (source parallelism); on local[2] its 4 partitions queue for
  // 2 slots (tasks wait, few slots)
  static final String KAFKA_TOPIC = "events";
  static final int KAFKA_PARTITIONS = 2;
  static final int KAFKA_WAITS_PARTITIONS = 4;
  static final int KAFKA_RECORDS_PER_SECOND = 120;
  static final int KAFKA_MAX_OFFSETS_PER_TRIGGER = 200;
  static final int KAFKA_SLEEP_MS_PER_ROW = 25;
  static final int KAFKA_TRIGGER_MS = 2_000;
  static final int KAFKA_RUN_S = 120;
  // state growth: a count per unbounded key (every row a new key), no watermark
  static final int STATE_ROWS_PER_SECOND = 500;
  static final int STATE_TRIGGER_MS = 2_000;
  static final int STATE_RUN_S = 120;
  // late rows: every LATE_EVERY-th row's event time is LATE_BY_S in the past, beyond the watermark's delay. The
  // stateful operator is a deduplication, so each late input row is one dropped row (an aggregation would count its
  // partial aggregates instead)
  static final int LATE_ROWS_PER_SECOND = 100;
  static final int LATE_EVERY = 5;
  static final int LATE_BY_S = 60;
  static final int LATE_WATERMARK_S = 10;
  static final int LATE_TRIGGER_MS = 2_000;
  static final int LATE_RUN_S = 150;
  // per-batch overhead: a handful of rows every 200 ms
  static final int TINY_ROWS_PER_SECOND = 5;
  static final int TINY_TRIGGER_MS = 200;
  static final int TINY_RUN_S = 90;
  // idle always-on: a file source whose folder receives one small file every FILE_EVERY_S
  static final int FILE_EVERY_S = 45;
  static final int FILE_ROWS = 50;
  static final int FILE_TRIGGER_MS = 2_000;
  static final int FILE_RUN_S = 180;
  // the long log: a fast trigger for a few minutes
  static final int LONG_ROWS_PER_SECOND = 1_000;
  static final int LONG_TRIGGER_MS = 1_000;
  static final int LONG_RUN_S = 300;
  // a scheduled AvailableNow run: a landing folder's backlog worked off in batches of a few files, then the query ends
  static final int AVAILABLE_NOW_FILES = 12;
  static final int AVAILABLE_NOW_FILES_PER_BATCH = 2;

  /** The JVM system property the orchestrator sets for the Kafka scenarios: the broker's bootstrap address. */
  static final String BOOTSTRAP_PROPERTY = "corpus.kafka.bootstrap";

  static void run(String job, SparkSession spark, Path work) throws Exception {
    Path checkpoint = work.resolve("checkpoints").resolve(job);
    Main.deleteTree(checkpoint);
    switch (job) {
      case "stream-healthy" -> runFor(rate(spark, HEALTHY_ROWS_PER_SECOND)
          .select(col("value"), digest(HEALTHY_DIGEST_ROUNDS).apply(col("value")).as("digest")),
          "append", HEALTHY_TRIGGER_MS, HEALTHY_RUN_S, checkpoint, "healthy-events");
      case "stream-waits" -> runFor(rate(spark, WAITS_ROWS_PER_SECOND)
          .select(waitPerRow(WAITS_SLEEP_MS_PER_ROW).apply(col("value")).as("looked_up")),
          "append", WAITS_TRIGGER_MS, WAITS_RUN_S, checkpoint, "enrich-by-lookup");
      case "stream-kafka" -> runFor(kafka(spark)
          .select(waitPerRow(KAFKA_SLEEP_MS_PER_ROW).apply(col("offset")).as("looked_up")),
          "append", KAFKA_TRIGGER_MS, KAFKA_RUN_S, checkpoint, "kafka-enrich");
      case "stream-state-growth" -> runFor(rate(spark, STATE_ROWS_PER_SECOND)
          .groupBy(col("value").as("session_id")).count(),
          "update", STATE_TRIGGER_MS, STATE_RUN_S, checkpoint, "count-per-session");
      case "stream-late-rows" -> runFor(lateEvents(spark), "append", LATE_TRIGGER_MS, LATE_RUN_S, checkpoint,
          "windowed-counts");
      case "stream-tiny-batches" -> runFor(rate(spark, TINY_ROWS_PER_SECOND)
          .select(col("value"), col("timestamp")),
          "append", TINY_TRIGGER_MS, TINY_RUN_S, checkpoint, "tiny-batches");
      case "stream-idle-files" -> idleFiles(spark, work.resolve("landing"), checkpoint);
      case "stream-available-now" -> availableNow(spark, work.resolve("landing-backlog"), checkpoint);
      case "stream-long" -> runFor(rate(spark, LONG_ROWS_PER_SECOND)
          .where(col("value").mod(10).notEqual(3)).select(col("value"), hash(col("value")).as("h")),
          "append", LONG_TRIGGER_MS, LONG_RUN_S, checkpoint, "long-running");
      default -> throw new IllegalArgumentException("unknown streaming job " + job);
    }
  }

  /** The rate source with as many partitions as the session's slots (its default, made explicit). */
  private static Dataset<Row> rate(SparkSession spark, int rowsPerSecond) {
    return spark.readStream().format("rate")
        .option("rowsPerSecond", rowsPerSecond)
        .option("numPartitions", spark.sparkContext().defaultParallelism())
        .load();
  }

  private static Dataset<Row> kafka(SparkSession spark) {
    String bootstrap = System.getProperty(BOOTSTRAP_PROPERTY);
    if (bootstrap == null) {
      throw new IllegalStateException("no Kafka broker: -D" + BOOTSTRAP_PROPERTY + " is set by the orchestrator");
    }
    return spark.readStream().format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", KAFKA_TOPIC)
        .option("startingOffsets", "earliest")
        .option("maxOffsetsPerTrigger", KAFKA_MAX_OFFSETS_PER_TRIGGER)
        .load();
  }

  /** A lookup that waits per row (an external service): the task holds its slot, its CPU stays idle. */
  private static UserDefinedFunction waitPerRow(int sleepMs) {
    return udf((UDF1<Long, Long>) v -> {
      Thread.sleep(sleepMs);
      return v;
    }, DataTypes.LongType).asNondeterministic();
  }

  /** CPU work per row: {@code rounds} chained SHA-256 digests of the value. */
  private static UserDefinedFunction digest(int rounds) {
    return udf((UDF1<Long, String>) v -> {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] h = Long.toString(v).getBytes(StandardCharsets.UTF_8);
      for (int i = 0; i < rounds; i++) {
        h = sha.digest(h);
      }
      return HexFormat.of().formatHex(h);
    }, DataTypes.StringType);
  }

  /** Deduplication under a watermark; every LATE_EVERY-th row arrives LATE_BY_S late and is dropped. */
  private static Dataset<Row> lateEvents(SparkSession spark) {
    Dataset<Row> events = rate(spark, LATE_ROWS_PER_SECOND).withColumn("event_time",
        when(col("value").mod(LATE_EVERY).equalTo(0), col("timestamp").minus(expr("INTERVAL " + LATE_BY_S + " SECONDS")))
            .otherwise(col("timestamp")));
    return events.withWatermark("event_time", LATE_WATERMARK_S + " seconds").dropDuplicates("value", "event_time");
  }

  /** A file source on a landing folder that a thread of this JVM feeds rarely: most triggers find nothing new. */
  private static void idleFiles(SparkSession spark, Path landing, Path checkpoint) throws Exception {
    Main.deleteTree(landing);
    Files.createDirectories(landing);
    AtomicInteger written = new AtomicInteger();
    ScheduledExecutorService feeder = Executors.newSingleThreadScheduledExecutor();
    feeder.scheduleAtFixedRate(() -> landFile(landing, written.getAndIncrement()), 0, FILE_EVERY_S,
        TimeUnit.SECONDS);
    try {
      StructType schema = new StructType().add("order_id", DataTypes.LongType).add("amount", DataTypes.DoubleType);
      runFor(spark.readStream().schema(schema).json(landing.toString()).where(col("amount").gt(0)),
          "append", FILE_TRIGGER_MS, FILE_RUN_S, checkpoint, "landing-orders");
    } finally {
      feeder.shutdownNow();
    }
  }

  /** A scheduled run: files landed before it starts, read with Trigger.AvailableNow; the query stops by itself. */
  private static void availableNow(SparkSession spark, Path landing, Path checkpoint) throws Exception {
    Main.deleteTree(landing);
    Files.createDirectories(landing);
    for (int i = 0; i < AVAILABLE_NOW_FILES; i++) {
      landFile(landing, i);
    }
    StructType schema = new StructType().add("order_id", DataTypes.LongType).add("amount", DataTypes.DoubleType);
    StreamingQuery q = spark.readStream().schema(schema).option("maxFilesPerTrigger", AVAILABLE_NOW_FILES_PER_BATCH)
        .json(landing.toString()).where(col("amount").gt(0))
        .writeStream().format("noop").queryName("nightly-orders").outputMode("append")
        .option("checkpointLocation", checkpoint.toString())
        .trigger(Trigger.AvailableNow())
        .start();
    q.awaitTermination();
    if (q.exception().isDefined()) {
      throw q.exception().get();
    }
  }

  /** Writes one small JSON file beside the folder and moves it in whole, as a landing job would. */
  private static void landFile(Path landing, int index) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < FILE_ROWS; i++) {
      long id = (long) index * FILE_ROWS + i;
      sb.append("{\"order_id\":").append(id).append(",\"amount\":").append(1 + id % 97).append("}\n");
    }
    try {
      Path tmp = landing.resolveSibling("orders-" + index + ".json.tmp");
      Files.writeString(tmp, sb, StandardCharsets.UTF_8);
      Files.move(tmp, landing.resolve("orders-" + index + ".json"), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Runs the query on a processing-time trigger for runSeconds of wall time, then stops it. */
  private static void runFor(Dataset<Row> df, String outputMode, int triggerMs, int runSeconds, Path checkpoint,
                             String queryName) throws Exception {
    StreamingQuery q = df.writeStream().format("noop").queryName(queryName).outputMode(outputMode)
        .option("checkpointLocation", checkpoint.toString())
        .trigger(Trigger.ProcessingTime(triggerMs))
        .start();
    q.awaitTermination(runSeconds * 1000L);
    q.stop();
    if (q.exception().isDefined()) {
      throw q.exception().get();
    }
  }
}
