package io.sparkadvisor.corpus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Spark application of the corpus: how its JVM is shaped, how Spark is configured, and what
 * it is known to contain by construction (the manifest's "construction" block).
 *
 * @param name        scenario id; the committed file is {@code corpus/<name>.log.gz}
 * @param job         the body run inside the application (see {@link Jobs})
 * @param master      Spark master URL (local mode)
 * @param heapMb      -Xmx of the forked JVM (the driver is the executor in local mode)
 * @param conf        extra Spark properties for this application
 * @param description what the application does
 * @param mustFire    rule ids that must fire on this log (empty: no rule may fire)
 * @param construction numbers known by construction (rows, files, partitions ...)
 * @param output      how the log is kept: "gz" (gzipped JSON lines), "codec" (Spark's own
 *                    compressed file), "rolling" (Spark's rolling directory), "bench" (plain, path
 *                    given on the command line, not committed), "streaming" (gzipped under
 *                    corpus/streaming/, in that folder's manifest)
 * @param kafka       the Kafka broker and producer the application reads, or null for none
 */
record Scenario(String name, String job, String master, int heapMb, Map<String, String> conf,
                String description, List<String> mustFire, Map<String, Object> construction,
                String output, KafkaFeed kafka) {

  /** A topic of {@code partitions} partitions fed {@code recordsPerSecond} by a producer in its own JVM. */
  record KafkaFeed(String topic, int partitions, int recordsPerSecond) {}

  static Builder of(String name, String job) {
    return new Builder(name, job);
  }

  static final class Builder {
    private final String name;
    private final String job;
    private String master = "local[2]";
    private int heapMb = 2048;
    private final Map<String, String> conf = new LinkedHashMap<>();
    private String description = "";
    private List<String> mustFire = List.of();
    private final Map<String, Object> construction = new LinkedHashMap<>();
    private String output = "gz";
    private KafkaFeed kafka;

    Builder(String name, String job) {
      this.name = name;
      this.job = job;
    }

    Builder master(String m) { master = m; return this; }
    Builder heapMb(int h) { heapMb = h; return this; }
    Builder conf(String k, String v) { conf.put(k, v); return this; }
    Builder describe(String d) { description = d; return this; }
    Builder fires(String... ids) { mustFire = List.of(ids); return this; }
    Builder known(String k, Object v) { construction.put(k, v); return this; }
    Builder output(String o) { output = o; return this; }
    Builder kafka(KafkaFeed k) { kafka = k; return this; }

    Scenario build() {
      return new Scenario(name, job, master, heapMb, new LinkedHashMap<>(conf), description, mustFire,
          new LinkedHashMap<>(construction), output, kafka);
    }
  }
}
