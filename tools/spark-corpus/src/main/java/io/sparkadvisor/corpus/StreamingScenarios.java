package io.sparkadvisor.corpus;

import static io.sparkadvisor.corpus.StreamingJobs.*;

import java.util.List;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * The Structured Streaming scenarios (corpus/streaming/): one query each, run for a fixed wall time on a
 * processing-time trigger. {@code mustFire} names the streaming rule each was built for (ids proposed for the rules of
 * issue #32; an empty list: the healthy control, where no rule may fire). The construction block says what the
 * query does by construction; the manifest's {@code streaming} block what the log measured.
 */
final class StreamingScenarios {
  private StreamingScenarios() {}

  /** The broker's version: Kafka's client library on this classpath, the broker's own (the pom pins both). */
  private static final String BROKER = AppInfoParser.getVersion();

  static void addTo(List<Scenario> list) {
    list.add(stream("stream-healthy", HEALTHY_TRIGGER_MS, HEALTHY_RUN_S)
        .describe("The healthy control: the rate source at " + HEALTHY_ROWS_PER_SECOND + " rows/s (2 partitions) on"
            + " local[2], " + HEALTHY_DIGEST_ROUNDS + " chained SHA-256 digests per row (CPU work that fills the"
            + " batch), the no-op sink, a " + HEALTHY_TRIGGER_MS + " ms trigger: each batch takes a fraction of its"
            + " trigger, so the query keeps up with room to spare.")
        .known("rowsPerSecond", HEALTHY_ROWS_PER_SECOND).known("digestRoundsPerRow", HEALTHY_DIGEST_ROUNDS).known("sourcePartitions", 2).known("slots", 2)
        .build());
    list.add(stream("stream-waits", WAITS_TRIGGER_MS, WAITS_RUN_S)
        .describe("Falling behind because tasks wait, with unbounded batches: the rate source at " + WAITS_ROWS_PER_SECOND + " rows/s"
            + " (2 partitions) on local[2], each row through a lookup that sleeps " + WAITS_SLEEP_MS_PER_ROW + " ms"
            + " (an external service): 2 slots can process " + 2 * 1000 / WAITS_SLEEP_MS_PER_ROW + " rows/s, so"
            + " every batch takes longer than the last (the rate source hands each batch all rows since the one"
            + " before), tasks hold their slots with the CPU idle.")
        .known("rowsPerSecond", WAITS_ROWS_PER_SECOND).known("sleepMsPerRow", WAITS_SLEEP_MS_PER_ROW)
        .known("slots", 2).known("capacityRowsPerSecond", 2 * 1000 / WAITS_SLEEP_MS_PER_ROW)
        .fires("falling-behind").build());
    list.add(stream("stream-kafka-waits", "stream-kafka", KAFKA_TRIGGER_MS, KAFKA_RUN_S)
        .kafka(new Scenario.KafkaFeed(KAFKA_TOPIC, KAFKA_WAITS_PARTITIONS, KAFKA_RECORDS_PER_SECOND))
        .describe("Falling behind because tasks wait, with a bounded batch: a real Kafka " + BROKER + " broker (KRaft, its own"
            + " JVM on 127.0.0.1) with topic '" + KAFKA_TOPIC + "' of " + KAFKA_WAITS_PARTITIONS + " partitions fed "
            + KAFKA_RECORDS_PER_SECOND + " records/s by a KafkaProducer in another JVM; the query reads it"
            + " (startingOffsets earliest, maxOffsetsPerTrigger " + KAFKA_MAX_OFFSETS_PER_TRIGGER + ") on local[2]"
            + " and waits " + KAFKA_SLEEP_MS_PER_ROW + " ms per record: 4 tasks per batch queue for 2 slots, which"
            + " process " + 2 * 1000 / KAFKA_SLEEP_MS_PER_ROW + " records/s with the CPU idle, so every batch"
            + " overruns its trigger and the offsets behind latest grow.")
        .known("topicPartitions", KAFKA_WAITS_PARTITIONS).known("slots", 2)
        .known("producerRecordsPerSecond", KAFKA_RECORDS_PER_SECOND)
        .known("maxOffsetsPerTrigger", KAFKA_MAX_OFFSETS_PER_TRIGGER).known("sleepMsPerRow", KAFKA_SLEEP_MS_PER_ROW)
        .known("capacityRowsPerSecond", 2 * 1000 / KAFKA_SLEEP_MS_PER_ROW)
        .known("brokerVersion", BROKER)
        .fires("falling-behind").build());
    list.add(stream("stream-kafka-2-partitions", "stream-kafka", KAFKA_TRIGGER_MS, KAFKA_RUN_S)
        .master("local[8]")
        .kafka(new Scenario.KafkaFeed(KAFKA_TOPIC, KAFKA_PARTITIONS, KAFKA_RECORDS_PER_SECOND))
        .describe("Source parallelism: a real Kafka " + BROKER + " broker (KRaft, its own JVM on 127.0.0.1) with topic '"
            + KAFKA_TOPIC + "' of " + KAFKA_PARTITIONS + " partitions fed " + KAFKA_RECORDS_PER_SECOND + " records/s"
            + " by a KafkaProducer in another JVM; the query reads it (startingOffsets earliest, maxOffsetsPerTrigger "
            + KAFKA_MAX_OFFSETS_PER_TRIGGER + ") on local[8] and waits " + KAFKA_SLEEP_MS_PER_ROW + " ms per record:"
            + " 2 tasks per batch on 8 slots process " + 2 * 1000 / KAFKA_SLEEP_MS_PER_ROW + " records/s, so the"
            + " offsets behind latest grow batch over batch while 6 slots idle.")
        .known("topicPartitions", KAFKA_PARTITIONS).known("slots", 8)
        .known("producerRecordsPerSecond", KAFKA_RECORDS_PER_SECOND)
        .known("maxOffsetsPerTrigger", KAFKA_MAX_OFFSETS_PER_TRIGGER).known("sleepMsPerRow", KAFKA_SLEEP_MS_PER_ROW)
        .known("capacityRowsPerSecond", KAFKA_PARTITIONS * 1000 / KAFKA_SLEEP_MS_PER_ROW)
        .known("brokerVersion", BROKER)
        .fires("source-parallelism", "falling-behind").build());
    list.add(stream("stream-state-growth", STATE_TRIGGER_MS, STATE_RUN_S)
        .describe("State growth: the rate source at " + STATE_ROWS_PER_SECOND + " rows/s counted per value (every"
            + " row a new key), output mode update, no watermark: the state store's rows and memory grow batch over"
            + " batch and nothing is ever removed (8 state shuffle partitions).")
        .known("rowsPerSecond", STATE_ROWS_PER_SECOND).known("watermark", "none").known("stateShufflePartitions", 8)
        .fires("state-growth").build());
    list.add(stream("stream-late-rows", LATE_TRIGGER_MS, LATE_RUN_S)
        .describe("Late rows dropped by a watermark: the rate source at " + LATE_ROWS_PER_SECOND + " rows/s, every "
            + LATE_EVERY + "th row's event time " + LATE_BY_S + " s in the past; withWatermark(event_time, "
            + LATE_WATERMARK_S + " s), dropDuplicates(value, event_time), output mode append, 2 state partitions:"
            + " once the watermark advances the late rows are dropped (numRowsDroppedByWatermark, one per late row)"
            + " and rows older than the watermark are removed from the state.")
        .conf("spark.sql.shuffle.partitions", "2")
        .known("rowsPerSecond", LATE_ROWS_PER_SECOND).known("lateShare", 1.0 / LATE_EVERY)
        .known("lateBySeconds", LATE_BY_S).known("watermarkDelaySeconds", LATE_WATERMARK_S)
        .known("stateShufflePartitions", 2)
        .fires("late-rows").build());
    list.add(stream("stream-tiny-batches", TINY_TRIGGER_MS, TINY_RUN_S)
        .describe("Per-batch overhead: the rate source at " + TINY_ROWS_PER_SECOND + " rows/s on a " + TINY_TRIGGER_MS
            + " ms trigger, a projection, the no-op sink: about one row per batch, so planning, the offset log"
            + " (WAL) and the commit log take most of each batch's time.")
        .known("rowsPerSecond", TINY_ROWS_PER_SECOND)
        .fires("batch-overhead").build());
    list.add(stream("stream-idle-files", FILE_TRIGGER_MS, FILE_RUN_S)
        .describe("Idle always-on: a JSON file source on a landing folder that receives one file of " + FILE_ROWS
            + " orders every " + FILE_EVERY_S + " s (written beside it and moved in whole by a thread of the"
            + " application), a " + FILE_TRIGGER_MS + " ms trigger: most triggers find nothing new, so the query is"
            + " idle most of the time on a cluster that stays up.")
        .known("fileEverySeconds", FILE_EVERY_S).known("rowsPerFile", FILE_ROWS)
        .known("filesLanded", FILE_RUN_S / FILE_EVERY_S + 1)
        .fires("idle-always-on").build());
    list.add(stream("stream-long", LONG_TRIGGER_MS, LONG_RUN_S)
        .describe("The long log: the rate source at " + LONG_ROWS_PER_SECOND + " rows/s on a " + LONG_TRIGGER_MS
            + " ms trigger for " + LONG_RUN_S + " s (a filter, a hash, the no-op sink): as many batches as a few"
            + " minutes of a fast trigger give, for window figures. The live layout is cut from it.")
        .known("rowsPerSecond", LONG_ROWS_PER_SECOND)
        // generated at load 13-24, its offset and commit logs took 73% of its 1 s batches: batch-overhead fires, as it should
        .fires("batch-overhead").build());
    list.add(Scenario.of("stream-available-now", "stream-available-now").output("streaming").heapMb(1024)
        .describe("A scheduled run, not an always-on query: " + AVAILABLE_NOW_FILES + " JSON files of " + FILE_ROWS
            + " orders land before the application starts; Trigger.AvailableNow with maxFilesPerTrigger "
            + AVAILABLE_NOW_FILES_PER_BATCH + " works the backlog off in batches back to back and the query ends by"
            + " itself, without exception. No streaming rule may stake it per week.")
        .known("trigger", "AvailableNow").known("filesLanded", AVAILABLE_NOW_FILES)
        .known("maxFilesPerTrigger", AVAILABLE_NOW_FILES_PER_BATCH).known("rowsPerFile", FILE_ROWS).build());
  }

  private static Scenario.Builder stream(String name, int triggerMs, int runSeconds) {
    return stream(name, name, triggerMs, runSeconds);
  }

  private static Scenario.Builder stream(String name, String job, int triggerMs, int runSeconds) {
    return Scenario.of(name, job).output("streaming").heapMb(1024)
        .known("trigger", "ProcessingTime(" + triggerMs + " ms)").known("triggerMs", triggerMs)
        .known("runSeconds", runSeconds);
  }
}
