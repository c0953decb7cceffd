package io.sparkadvisor.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Generates the event-log corpus: forks one JVM per scenario, moves what Spark wrote into
 * {@code corpus/}, derives the re-packaged layouts, and rewrites {@code corpus/manifest.json}.
 *
 * <pre>
 * --out DIR        corpus directory (default ./corpus)
 * --work DIR       scratch for generated input data and Spark's own files (never the repo)
 * --only a,b|all   scenarios to run (default all committed scenarios)
 * --suffix=S       appended to output names and app names (e.g. -spark4)
 * --resummarize    instead: recompute every manifest entry's "expect" from the committed files
 * --bench=FILE     instead: generate the benchmark log ("large") as plain JSON lines at FILE
 * --bench-scenario=million  with --bench: the 1,000,000-task memory benchmark log instead, zstd-compressed
 * --conf=k=v[,k=v] extra Spark properties for every application of this run (e.g. the Spark 4 run
 *                  sets spark.sql.ansi.enabled=false so the same code keeps 3.5's semantics)
 * </pre>
 */
public final class Main {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  /** The JVM flags Spark documents for Java 17 (JavaModuleOptions in spark-launcher). */
  static final List<String> JAVA17_FLAGS = List.of(
      "-XX:+IgnoreUnrecognizedVMOptions",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "-Djdk.reflect.useDirectMethodHandle=false",
      "-Dio.netty.tryReflectionSetAccessible=true");

  private static final List<String> EXTRA_CONF = new ArrayList<>();
  /** The live (unfinished, delivered in parts) streaming layout is cut from this scenario's log, keeping this share. */
  private static final String LIVE_SOURCE = "stream-long";
  private static final String LIVE_NAME = "stream-live-databricks";
  private static final double LIVE_SHARE = 0.8;

  private Main() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of("corpus");
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "spark-corpus-work");
    String only = "all";
    String suffix = "";
    String bench = "";
    String benchScenario = "large";
    boolean resummarize = false;
    List<String> extraConf = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--out")) {
        out = Path.of(args[++i]);
      } else if (a.equals("--work")) {
        work = Path.of(args[++i]);
      } else if (a.equals("--only")) {
        only = args[++i];
      } else if (a.startsWith("--suffix=")) {
        suffix = a.substring("--suffix=".length());
      } else if (a.startsWith("--conf=")) {
        for (String kv : a.substring("--conf=".length()).split(",")) {
          if (!kv.isBlank()) {
            extraConf.add(kv.trim());
          }
        }
      } else if (a.equals("--resummarize")) {
        resummarize = true;
      } else if (a.startsWith("--bench=")) {
        bench = a.substring("--bench=".length());
      } else if (a.startsWith("--bench-scenario=")) {
        benchScenario = a.substring("--bench-scenario=".length());
      } else {
        throw new IllegalArgumentException("unknown argument " + a);
      }
    }
    out = out.toAbsolutePath().normalize();
    work = work.toAbsolutePath().normalize();
    Files.createDirectories(work);
    EXTRA_CONF.addAll(extraConf);
    long t0 = System.nanoTime();
    if (!bench.isBlank()) {
      bench(Scenarios.ALL.get(benchScenario), Path.of(bench).toAbsolutePath(), work);
      System.err.printf("[spark-corpus] benchmark log done in %.0f s%n", (System.nanoTime() - t0) / 1e9);
      return;
    }
    if (resummarize) {
      resummarize(out);
      return;
    }
    List<Scenario> selected = new ArrayList<>();
    if (only.equals("all")) {
      selected.addAll(Scenarios.defaults());
    } else {
      for (String n : only.split(",")) {
        Scenario s = Scenarios.ALL.get(n.trim());
        if (s == null) {
          throw new IllegalArgumentException("unknown scenario " + n + "; known: "
              + Scenarios.ALL.keySet());
        }
        selected.add(s);
      }
    }
    Files.createDirectories(out);
    Path manifestFile = out.resolve("manifest.json");
    ObjectNode manifest = Files.exists(manifestFile)
        ? (ObjectNode) JSON.readTree(manifestFile.toFile()) : JSON.createObjectNode();
    Map<String, JsonNode> entries = entries(manifest);
    Path streamingDir = out.resolve("streaming");
    Path streamingManifestFile = streamingDir.resolve("manifest.json");
    ObjectNode streamingManifest = Files.exists(streamingManifestFile)
        ? (ObjectNode) JSON.readTree(streamingManifestFile.toFile()) : JSON.createObjectNode();
    Map<String, JsonNode> streamingEntries = entries(streamingManifest);
    boolean healthyRan = false;
    for (Scenario sc : selected) {
      String name = sc.name() + suffix;
      long s0 = System.nanoTime();
      Path logDir = Files.createTempDirectory(work, "eventlog-" + name + "-");
      try (KafkaBroker broker = sc.kafka() == null ? null : KafkaBroker.start(work, sc.kafka().topic(),
          sc.kafka().partitions(), sc.kafka().recordsPerSecond())) {
        runChild(sc, logDir, work, suffix, broker == null ? List.of()
            : List.of("-D" + StreamingJobs.BOOTSTRAP_PROPERTY + "=" + broker.bootstrap()));
      }
      double secs = (System.nanoTime() - s0) / 1e9;
      ObjectNode entry = describe(sc, name, secs);
      switch (sc.output()) {
        case "gz" -> {
          Path produced = single(logDir);
          Path target = out.resolve(name + ".log.gz");
          gzip(produced, target);
          entry.put("file", out.relativize(target).toString());
          entry.put("format", "Spark JSON-lines event log, gzipped by the generator");
          try (BufferedReader r = gzReader(target)) {
            entry.set("expect", JSON.valueToTree(LogSummary.summarize(r)));
          }
          healthyRan |= name.equals("healthy");
        }
        case "codec" -> {
          Path produced = single(logDir);
          String ext = produced.getFileName().toString();
          ext = ext.substring(ext.lastIndexOf('.') + 1);
          Path target = out.resolve("codecs").resolve("healthy" + suffix + "." + ext);
          Files.createDirectories(target.getParent());
          Files.copy(produced, target, StandardCopyOption.REPLACE_EXISTING);
          entry.put("file", out.relativize(target).toString());
          entry.put("format", "written by Spark with spark.eventLog.compress=true, codec " + ext);
          try (BufferedReader r = sparkReader(target)) {
            entry.set("expect", JSON.valueToTree(LogSummary.summarize(r)));
          }
        }
        case "rolling" -> {
          Path produced = single(logDir);
          Path targetParent = out.resolve("layouts").resolve("rolling" + suffix);
          deleteTree(targetParent);
          Path target = targetParent.resolve(produced.getFileName());
          copyTree(produced, target);
          entry.put("file", out.relativize(target).toString());
          entry.put("format", "Spark rolling layout (directory kept as Spark wrote it)");
          List<Path> parts = new ArrayList<>();
          try (Stream<Path> st = Files.list(target)) {
            st.filter(p -> p.getFileName().toString().startsWith("events_")).sorted()
                .forEach(parts::add);
          }
          ArrayNode files = entry.putArray("files");
          try (Stream<Path> st = Files.list(target)) {
            st.map(p -> p.getFileName().toString()).sorted().forEach(files::add);
          }
          try (BufferedReader r = concatReader(parts)) {
            entry.set("expect", JSON.valueToTree(LogSummary.summarize(r)));
          }
        }
        case "streaming" -> {
          Path target = streamingDir.resolve(name + ".log.gz");
          gzip(single(logDir), target);
          entry.put("file", streamingDir.relativize(target).toString());
          entry.put("format", "Spark JSON-lines event log, gzipped by the generator");
          try (BufferedReader r = gzReader(target)) {
            entry.set("expect", JSON.valueToTree(LogSummary.summarize(r)));
          }
          try (BufferedReader r = gzReader(target)) {
            entry.set("streaming", JSON.valueToTree(StreamingSummary.summarize(r, triggerMs(sc))));
          }
        }
        default -> throw new IllegalStateException(sc.output());
      }
      (sc.output().equals("streaming") ? streamingEntries : entries).put(name, entry);
      deleteTree(logDir);
      System.err.printf("[spark-corpus] %-24s %6.1f s%n", name, secs);
    }
    Path healthy = out.resolve("healthy.log.gz");
    if (healthyRan && Files.exists(healthy)) {
      entries.put("layout-databricks", Layouts.databricks(healthy,
          out.resolve("layouts").resolve("databricks"), out, JSON));
      entries.put("layout-rolling-split", Layouts.rollingSplit(healthy,
          out.resolve("layouts").resolve("rolling-split"), out, JSON));
    }
    Scenario longRun = Scenarios.ALL.get(LIVE_SOURCE);
    if (suffix.isEmpty() && selected.contains(longRun)) {
      streamingEntries.put(LIVE_NAME, Layouts.databricksLive(streamingDir.resolve(LIVE_SOURCE + ".log.gz"),
          streamingDir.resolve("layouts").resolve("databricks-live"), streamingDir, JSON, LIVE_SHARE,
          triggerMs(longRun)));
    }
    if (!streamingEntries.isEmpty()) {
      streamingManifest.put("generator", "tools/spark-corpus (io.sparkadvisor.corpus.Main), StreamingScenarios");
      streamingManifest.put("streamingDefinition", "streaming.* is measured from the StreamingQueryListener events:"
          + " one QueryProgressEvent per micro-batch; triggerExecutionMs and the rates are quantiles over progress"
          + " events (median = element (n-1)/2 of the sorted values, p90 = element ceil(0.9n)-1); rates only over"
          + " batches with input; batchesOverTrigger counts triggerExecution > triggerMs");
      streamingManifest.set("scenarios", JSON.valueToTree(streamingEntries.values()));
      JSON.writeValue(streamingManifestFile.toFile(), streamingManifest);
    }
    if (selected.stream().allMatch(sc -> sc.output().equals("streaming"))) {
      System.err.printf("[spark-corpus] done in %.0f s%n", (System.nanoTime() - t0) / 1e9);
      return;
    }
    manifest.put("generator", "tools/spark-corpus (io.sparkadvisor.corpus.Main)");
    manifest.put("regenerate", "mvn -B -Pcorpus -pl tools/spark-corpus clean compile exec:exec"
        + "  (then -Pcorpus,spark4 for the Spark 4 log); see corpus/README.md");
    manifest.put("medianDefinition",
        "task durations (Finish Time - Launch Time) of a stage attempt sorted ascending; median is"
            + " element (n-1)/2 (lower middle); cpuOverRun = sum(Executor CPU Time)/1e6 /"
            + " sum(Executor Run Time); significantStage = stage attempt with the longest"
            + " Completion Time - Submission Time");
    ArrayNode arr = manifest.putArray("scenarios");
    entries.values().forEach(arr::add);
    JSON.writeValue(manifestFile.toFile(), manifest);
    System.err.printf("[spark-corpus] done in %.0f s%n", (System.nanoTime() - t0) / 1e9);
  }

  /** A manifest's scenario entries by name, in their order. */
  private static Map<String, JsonNode> entries(ObjectNode manifest) {
    Map<String, JsonNode> entries = new LinkedHashMap<>();
    for (JsonNode n : manifest.path("scenarios")) {
      entries.put(n.get("name").asText(), n);
    }
    return entries;
  }

  /** The processing-time trigger's interval; 0 for AvailableNow, which has none. */
  private static long triggerMs(Scenario sc) {
    return sc.construction().get("triggerMs") instanceof Number n ? n.longValue() : 0;
  }

  /** Recomputes every manifest entry's "expect" from the files already in the corpus. */
  private static void resummarize(Path out) throws IOException {
    Path manifestFile = out.resolve("manifest.json");
    ObjectNode manifest = (ObjectNode) JSON.readTree(manifestFile.toFile());
    for (JsonNode n : manifest.get("scenarios")) {
      ObjectNode e = (ObjectNode) n;
      Path p = out.resolve(e.get("file").asText());
      BufferedReader r;
      if (Files.isDirectory(p)) {
        List<Path> parts = new ArrayList<>();
        for (JsonNode f : e.get("files")) {
          if (!f.asText().startsWith("appstatus")) {
            parts.add(p.resolve(f.asText()));
          }
        }
        r = concatReader(parts);
      } else if (p.toString().endsWith(".gz")) {
        r = gzReader(p);
      } else {
        r = sparkReader(p);
      }
      try (BufferedReader rr = r) {
        e.set("expect", JSON.valueToTree(LogSummary.summarize(rr)));
      }
    }
    JSON.writeValue(manifestFile.toFile(), manifest);
    resummarizeStreaming(out.resolve("streaming"));
  }

  /** The same for corpus/streaming/: "expect" and "streaming" of each log, "streaming" of the live layout. */
  private static void resummarizeStreaming(Path dir) throws IOException {
    Path manifestFile = dir.resolve("manifest.json");
    if (!Files.exists(manifestFile)) {
      return;
    }
    ObjectNode manifest = (ObjectNode) JSON.readTree(manifestFile.toFile());
    Map<String, JsonNode> entries = entries(manifest);
    for (JsonNode n : entries.values()) {
      ObjectNode e = (ObjectNode) n;
      Path p = dir.resolve(e.get("file").asText());
      JsonNode scenario = e.has("derivedFrom")
          ? entries.get(e.get("derivedFrom").asText().replace(".log.gz", "")) : e;
      long triggerMs = scenario.path("construction").path("triggerMs").asLong();
      if (Files.isDirectory(p)) {
        List<Path> parts = new ArrayList<>();
        e.get("files").forEach(f -> parts.add(p.resolve(f.asText())));
        try (BufferedReader r = concatReader(parts)) {
          e.set("streaming", JSON.valueToTree(StreamingSummary.summarize(r, triggerMs)));
        }
        continue;
      }
      try (BufferedReader r = gzReader(p)) {
        e.set("expect", JSON.valueToTree(LogSummary.summarize(r)));
      }
      try (BufferedReader r = gzReader(p)) {
        e.set("streaming", JSON.valueToTree(StreamingSummary.summarize(r, triggerMs)));
      }
    }
    JSON.writeValue(manifestFile.toFile(), manifest);
  }

  private static ObjectNode describe(Scenario sc, String name, double secs) {
    ObjectNode e = JSON.createObjectNode();
    e.put("name", name);
    e.put("description", sc.description());
    e.put("master", sc.master());
    e.put("heapMb", sc.heapMb());
    Map<String, String> conf = new LinkedHashMap<>(sc.conf());
    for (String kv : EXTRA_CONF) {
      conf.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    e.set("conf", JSON.valueToTree(conf));
    e.set("mustFire", JSON.valueToTree(sc.mustFire()));
    e.set("construction", JSON.valueToTree(sc.construction()));
    e.put("generationSeconds", Math.round(secs));
    return e;
  }

  private static void bench(Scenario sc, Path target, Path work) throws Exception {
    Path logDir = Files.createTempDirectory(work, "eventlog-" + sc.name() + "-");
    runChild(sc, logDir, work, "", List.of());
    Files.createDirectories(target.toAbsolutePath().getParent());
    Files.move(single(logDir), target, StandardCopyOption.REPLACE_EXISTING);
    deleteTree(logDir);
    if (!sc.conf().getOrDefault("spark.eventLog.compress", "false").equals("false")) {
      System.err.printf("[spark-corpus] %s: %d bytes, compressed%n", target, Files.size(target));
      return;
    }
    long tasks = 0;
    long lines = 0;
    try (BufferedReader r = Files.newBufferedReader(target, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        lines++;
        if (line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
          tasks++;
        }
      }
    }
    System.err.printf("[spark-corpus] %s: %d bytes, %d events, %d SparkListenerTaskEnd%n",
        target, Files.size(target), lines, tasks);
  }

  private static void runChild(Scenario sc, Path logDir, Path work, String suffix, List<String> systemProperties)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + sc.heapMb() + "m");
    cmd.addAll(systemProperties);
    cmd.addAll(JAVA17_FLAGS);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ScenarioMain.class.getName());
    cmd.addAll(Arrays.asList(sc.name(), logDir.toString(), work.toString(), suffix));
    cmd.addAll(EXTRA_CONF);
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IllegalStateException("scenario " + sc.name() + " failed with exit code " + rc);
    }
  }

  /** The one file or directory Spark wrote into a fresh event-log directory. */
  static Path single(Path dir) throws IOException {
    try (Stream<Path> st = Files.list(dir)) {
      List<Path> l = st.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
      if (l.size() != 1) {
        throw new IllegalStateException("expected one event log in " + dir + ", found " + l);
      }
      return l.get(0);
    }
  }

  static void gzip(Path src, Path dst) throws IOException {
    Files.createDirectories(dst.getParent());
    try (InputStream in = Files.newInputStream(src);
         OutputStream o = new GZIPOutputStream(Files.newOutputStream(dst), 1 << 16) {
           {
             def.setLevel(Deflater.BEST_COMPRESSION);
           }
         }) {
      in.transferTo(o);
    }
  }

  static BufferedReader gzReader(Path p) throws IOException {
    return new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(p),
        1 << 16), StandardCharsets.UTF_8));
  }

  /** Opens a codec-compressed log with Spark's own reader (checks Spark can read what we keep). */
  static BufferedReader sparkReader(Path p) throws IOException {
    org.apache.hadoop.fs.Path hp = new org.apache.hadoop.fs.Path(p.toUri());
    org.apache.hadoop.fs.FileSystem fs =
        hp.getFileSystem(new org.apache.hadoop.conf.Configuration());
    InputStream in = org.apache.spark.deploy.history.EventLogFileReader$.MODULE$
        .openEventLog(hp, fs);
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  static BufferedReader concatReader(List<Path> parts) throws IOException {
    List<InputStream> streams = new ArrayList<>();
    for (Path p : parts) {
      streams.add(p.getFileName().toString().endsWith(".gz")
          ? new GZIPInputStream(Files.newInputStream(p)) : Files.newInputStream(p));
    }
    InputStream seq = new java.io.SequenceInputStream(java.util.Collections.enumeration(streams));
    return new BufferedReader(new InputStreamReader(seq, StandardCharsets.UTF_8));
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> st = Files.walk(p)) {
      st.sorted(Comparator.reverseOrder()).forEach(x -> {
        try {
          Files.delete(x);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  static void copyTree(Path src, Path dst) throws IOException {
    try (Stream<Path> st = Files.walk(src)) {
      for (Path s : st.toList()) {
        Path d = dst.resolve(src.relativize(s).toString());
        if (Files.isDirectory(s)) {
          Files.createDirectories(d);
        } else if (!s.getFileName().toString().startsWith(".")) {
          Files.copy(s, d, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
