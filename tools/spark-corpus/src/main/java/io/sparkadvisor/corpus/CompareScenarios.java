package io.sparkadvisor.corpus;

import java.util.List;

/**
 * Before/after pairs for {@code compare}: each run after the first changes one thing (the manifest's
 * {@code construction.pairOf} names the run before, {@code construction.change} what changed), so the cause of the
 * difference is known.
 */
final class CompareScenarios {
  private CompareScenarios() {}

  private static final String BROADCAST_OFF = "-1";

  static void addTo(List<Scenario> list) {
    list.add(salesReport(Scenario.of("sales-report", "sales-report"))
        .describe("Sales (" + CompareJobs.SALES_ROWS + " rows of Parquet) joined to " + CompareJobs.MARKETS + " markets,"
            + " each task waiting " + CompareJobs.WAIT_US_PER_SALE + " us per joined sale (a lookup), the amounts summed;"
            + " default settings, so the markets are broadcast and the waits run in the scan's stage.")
        .build());
    list.add(salesReport(Scenario.of("sales-report-again", "sales-report"))
        .describe("sales-report run again, nothing changed: the pair's difference is noise.")
        .known("pairOf", "sales-report").known("change", "none").build());
    list.add(salesReport(Scenario.of("sales-report-3x", "sales-report-3x"))
        .describe("sales-report on three times the sales (" + 3 * CompareJobs.SALES_ROWS + " rows), nothing else changed.")
        .known("pairOf", "sales-report").known("change", "input x3").known("rows", 3 * CompareJobs.SALES_ROWS).build());
    list.add(salesReport(Scenario.of("sales-report-smj", "sales-report"))
        .conf("spark.sql.autoBroadcastJoinThreshold", "10k")
        .describe("sales-report with spark.sql.autoBroadcastJoinThreshold lowered to 10k, below the markets' size:"
            + " a sort-merge join, whose small shuffle AQE coalesces, so the waits run in few tasks.")
        .known("pairOf", "sales-report").known("change", "spark.sql.autoBroadcastJoinThreshold 10m -> 10k").build());
    list.add(shuffled(salesReport(Scenario.of("sales-report-shuffled", "sales-report")))
        .describe("sales-report with AQE and broadcasts off: a sort-merge join in 8 shuffle partitions, the waits in"
            + " the join's 8 tasks, uniform market ids.")
        .fires("io-bound-slots").build());
    list.add(shuffled(salesReport(Scenario.of("sales-report-hot", "sales-report-hot")))
        .describe("sales-report-shuffled on sales whose market ids turned skewed: " + Math.round(CompareJobs.HOT_SHARE * 100)
            + "% of the sales on market 7, so one join task waits for most of them.")
        .known("pairOf", "sales-report-shuffled").known("change", "a hot key in the data")
        .known("hotShare", CompareJobs.HOT_SHARE).known("hotKey", "market_id=7").fires("skew", "io-bound-slots").build());
    list.add(enrichment(Scenario.of("enrichment-200", "enrichment"), 200)
        .describe(CompareJobs.ENRICH_ROWS + " ids shuffled into 200 partitions (AQE off) on 16 slots, each row then"
            + " waiting " + CompareJobs.ENRICH_WAIT_MS + " ms as on a remote lookup.")
        .fires("partition-sizing").build());
    list.add(enrichment(Scenario.of("enrichment-8", "enrichment"), 8)
        .describe("enrichment-200 with spark.sql.shuffle.partitions 200 -> 8: 8 tasks leave 8 of the 16 slots idle.")
        .known("pairOf", "enrichment-200").known("change", "spark.sql.shuffle.partitions 200 -> 8").build());
    list.add(Scenario.of("io-bound-again", "io-bound")
        .master("local[4]")
        .describe("io-bound run again (local[4]), as the baseline of io-bound-2-slots generated under the same load:"
            + " io-bound's committed log was generated on a quieter machine, and its follow-up tests rely on its times.")
        .known("tasksInSleepStage", Jobs.IO_TASKS).known("sleepMsPerTask", Jobs.IO_SLEEP_MS).known("slots", 4)
        .fires("io-bound-slots").build());
    list.add(Scenario.of("io-bound-2-slots", "io-bound")
        .master("local[2]")
        .describe("io-bound-again on half its slots (local[2], was local[4]): the same 24 sleeping tasks in 12 waves.")
        .known("pairOf", "io-bound-again").known("change", "slots 4 -> 2").known("slots", 2)
        .known("tasksInSleepStage", Jobs.IO_TASKS).known("sleepMsPerTask", Jobs.IO_SLEEP_MS)
        .fires("io-bound-slots").build());
  }

  private static Scenario.Builder salesReport(Scenario.Builder b) {
    return b.known("rows", CompareJobs.SALES_ROWS).known("markets", CompareJobs.MARKETS)
        .known("waitUsPerSale", CompareJobs.WAIT_US_PER_SALE);
  }

  private static Scenario.Builder shuffled(Scenario.Builder b) {
    return b.conf("spark.sql.adaptive.enabled", "false").conf("spark.sql.autoBroadcastJoinThreshold", BROADCAST_OFF)
        .conf("spark.sql.shuffle.partitions", "8");
  }

  private static Scenario.Builder enrichment(Scenario.Builder b, int partitions) {
    return b.master("local[16]").conf("spark.sql.adaptive.enabled", "false")
        .conf("spark.sql.shuffle.partitions", String.valueOf(partitions))
        .known("rows", CompareJobs.ENRICH_ROWS).known("waitMsPerRow", CompareJobs.ENRICH_WAIT_MS)
        .known("slots", 16).known("shufflePartitions", partitions);
  }
}
