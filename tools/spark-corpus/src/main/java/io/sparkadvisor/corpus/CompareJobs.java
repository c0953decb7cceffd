package io.sparkadvisor.corpus;

import static org.apache.spark.sql.functions.*;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * The jobs of the before/after pairs that {@code compare} is tested on: one job run twice with one thing changed
 * (its input, a setting, its data's key distribution), so that the cause of the difference is known by construction.
 */
final class CompareJobs {
  private CompareJobs() {}

  /** Sales rows of the sales-report job's 1x table; the 3x table holds three times as many. */
  static final long SALES_ROWS = 200_000L;
  static final int MARKETS = 2000;
  /** Microseconds each joined sale waits (a lookup): the work per row, so that the job's time follows its rows. */
  static final int WAIT_US_PER_SALE = 300;
  /** Share of the hot table's sales on market 7, as in the skew scenario. */
  static final double HOT_SHARE = 0.85;
  static final long ENRICH_ROWS = 64_000L;
  /** Milliseconds each enriched row waits (as on a remote lookup): the work is waiting, so slots, not cores, bound it. */
  static final int ENRICH_WAIT_MS = 3;

  static void setup(String job, Path work) throws java.io.IOException {
    switch (job) {
      case "sales-report" -> sales(work, "sales-1x", SALES_ROWS, false);
      case "sales-report-3x" -> sales(work, "sales-3x", 3 * SALES_ROWS, false);
      case "sales-report-hot" -> sales(work, "sales-hot", SALES_ROWS, true);
      default -> { }
    }
  }

  static void run(String job, SparkSession spark, Path work) {
    switch (job) {
      case "sales-report" -> salesReport(spark, work.resolve("sales-1x"));
      case "sales-report-3x" -> salesReport(spark, work.resolve("sales-3x"));
      case "sales-report-hot" -> salesReport(spark, work.resolve("sales-hot"));
      case "enrichment" -> enrichment(spark);
      default -> throw new IllegalArgumentException("unknown job " + job);
    }
  }

  private static void sales(Path work, String name, long rows, boolean hot) throws java.io.IOException {
    Jobs.withSetupSession(work, name, java.util.Map.of(), s -> s.range(0, rows, 1, 8).select(
            (hot ? when(col("id").mod(100).lt(Math.round(HOT_SHARE * 100)), lit(7)).otherwise(col("id").mod(MARKETS - 8).plus(8))
                : col("id").multiply(7919).mod(MARKETS)).cast("int").as("market_id"),
            col("id").multiply(31).mod(1_000_003).as("amount"))
        .write().mode(SaveMode.Overwrite).parquet(work.resolve(name).toString()));
  }

  /**
   * The sales (Parquet) joined to the 2,000 markets on market_id, each task then waiting {@value #WAIT_US_PER_SALE} us
   * per joined sale (a lookup per sale, batched per partition), the amounts summed. With the default settings the
   * markets are broadcast and the waits run in the scan's stage; without broadcasts they run in the join's reduce
   * stage, one task per shuffle partition. The work is waiting rather than computing so that its time does not follow
   * the load of the (shared) machine that generates the logs.
   */
  static void salesReport(SparkSession spark, Path sales) {
    Dataset<Row> markets = spark.range(0, MARKETS, 1, 1).select(col("id").cast("int").as("market_id"),
        concat(lit("market-"), col("id")).as("market_name"));
    spark.read().schema("market_id INT, amount LONG").parquet(sales.toString()).join(markets, "market_id")
        .select(col("market_name"), col("amount"))
        .mapPartitions((MapPartitionsFunction<Row, Long>) rows -> {
          long n = 0;
          long total = 0;
          while (rows.hasNext()) {
            total += rows.next().getLong(1);
            n++;
          }
          Thread.sleep(n * WAIT_US_PER_SALE / 1000); // the partition's lookups
          return List.of(total).iterator();
        }, Encoders.LONG())
        .agg(sum("value"))
        .collectAsList();
  }

  /**
   * {@value #ENRICH_ROWS} ids shuffled by id into spark.sql.shuffle.partitions partitions, each row then waiting
   * {@value #ENRICH_WAIT_MS} ms as on a remote lookup: the reduce stage takes its rows' waits over the slots its
   * partitions can fill.
   */
  static void enrichment(SparkSession spark) {
    spark.range(0, ENRICH_ROWS, 1, 4).repartition(col("id"))
        .map((MapFunction<Long, Long>) id -> {
          Thread.sleep(ENRICH_WAIT_MS); // a remote lookup
          return id;
        }, Encoders.LONG())
        .agg(sum("value")).collectAsList();
  }
}
