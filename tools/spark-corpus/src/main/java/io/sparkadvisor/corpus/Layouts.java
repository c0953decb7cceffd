package io.sparkadvisor.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Re-packages one real Spark log (healthy.log.gz) into the multi-file layouts a reader must
 * handle. The events are Spark's, byte for byte; only the file boundaries are ours, always between
 * two events.
 */
final class Layouts {
  private Layouts() {}

  private static final DateTimeFormatter HOUR =
      DateTimeFormatter.ofPattern("yyyy-MM-dd--HH-00").withZone(ZoneOffset.UTC);

  /**
   * Databricks cluster-log delivery: {@code eventlog} (the live file, newest events) plus rolled
   * {@code eventlog-YYYY-MM-DD--HH-00.gz} files. The log is cut in three at event boundaries; the
   * two rolled parts are named for the application's start hour and the hour after (the real run
   * lasts seconds, so the hours are nominal).
   */
  static ObjectNode databricks(Path source, Path dir, Path corpus, ObjectMapper json)
      throws IOException {
    List<String> lines = readLines(source);
    List<List<String>> parts = split(lines, 3);
    List<String> names = writeDatabricks(parts, appStart(lines, json), dir);
    ObjectNode e = entry(json, "layout-databricks", dir, corpus,
        "Databricks cluster-log delivery layout: healthy.log.gz cut at event boundaries into two"
            + " rolled gzip files (named by nominal hour) and the live 'eventlog' file; read in"
            + " time order (rolled files by name, then eventlog) it is exactly healthy's events.",
        "healthy.log.gz", names, parts);
    try (BufferedReader r = Main.concatReader(names.stream().map(dir::resolve).toList())) {
      e.set("expect", json.valueToTree(LogSummary.summarize(r)));
    }
    return e;
  }

  /**
   * A running streaming application as Databricks log delivery shows it: the first {@code keptShare} of the log's
   * events (so no QueryTerminatedEvent, no SparkListenerApplicationEnd: the query is still running) cut into two
   * rolled parts and the live {@code eventlog}, named as {@link #databricks} names them.
   */
  static ObjectNode databricksLive(Path source, Path dir, Path corpus, ObjectMapper json, double keptShare,
                                   long triggerMs) throws IOException {
    List<String> all = readLines(source);
    List<String> lines = all.subList(0, (int) (all.size() * keptShare));
    List<List<String>> parts = split(lines, 3);
    List<String> names = writeDatabricks(parts, appStart(lines, json), dir);
    ObjectNode e = entry(json, "stream-live-databricks", dir, corpus,
        "A running query's log as Databricks cluster-log delivery holds it: the first " + Math.round(keptShare * 100)
            + "% of " + source.getFileName() + "'s events (" + lines.size() + " of " + all.size() + ": the query"
            + " has not terminated, the application has not ended) cut at event boundaries into two rolled gzip"
            + " files (named by nominal hour) and the live 'eventlog'.", source.getFileName().toString(), names, parts);
    try (BufferedReader r = Main.concatReader(names.stream().map(dir::resolve).toList())) {
      e.set("streaming", json.valueToTree(StreamingSummary.summarize(r, triggerMs)));
    }
    return e;
  }

  /** Writes the parts as eventlog-<start hour>.gz, eventlog-<next hour>.gz and the live eventlog; their names. */
  private static List<String> writeDatabricks(List<List<String>> parts, long start, Path dir) throws IOException {
    Main.deleteTree(dir);
    Files.createDirectories(dir);
    String p1 = "eventlog-" + HOUR.format(Instant.ofEpochMilli(start)) + ".gz";
    String p2 = "eventlog-" + HOUR.format(Instant.ofEpochMilli(start + 3_600_000L)) + ".gz";
    writeGz(dir.resolve(p1), parts.get(0));
    writeGz(dir.resolve(p2), parts.get(1));
    writePlain(dir.resolve("eventlog"), parts.get(2));
    return List.of(p1, p2, "eventlog");
  }

  /**
   * Spark's rolling layout with more than one events file: {@code eventlog_v2_<appId>/} holding
   * {@code events_1_<appId>}, {@code events_2_<appId>}, {@code events_3_<appId>} and an empty
   * {@code appstatus_<appId>} (a completed application). Spark only rolls past 10 MB, so the split
   * is ours.
   */
  static ObjectNode rollingSplit(Path source, Path dir, Path corpus, ObjectMapper json)
      throws IOException {
    List<String> lines = readLines(source);
    String appId = json.readTree(lines.stream()
        .filter(l -> l.startsWith("{\"Event\":\"SparkListenerApplicationStart\""))
        .findFirst().orElseThrow()).path("App ID").asText();
    List<List<String>> parts = split(lines, 3);
    Main.deleteTree(dir);
    Path root = dir.resolve("eventlog_v2_" + appId);
    Files.createDirectories(root);
    List<String> names = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String n = "events_" + (i + 1) + "_" + appId;
      names.add(n);
      files.add(root.resolve(n));
      writePlain(root.resolve(n), parts.get(i));
    }
    Files.writeString(root.resolve("appstatus_" + appId), "");
    names.add("appstatus_" + appId);
    ObjectNode e = entry(json, "layout-rolling-split", root, corpus,
        "Spark rolling layout with three events files: healthy.log.gz cut at event boundaries"
            + " (Spark itself only rolls past 10 MB); read in index order it is exactly healthy's"
            + " events.", "healthy.log.gz", names, parts);
    try (BufferedReader r = Main.concatReader(files)) {
      e.set("expect", json.valueToTree(LogSummary.summarize(r)));
    }
    return e;
  }

  private static ObjectNode entry(ObjectMapper json, String name, Path dir, Path corpus,
                                  String description, String derivedFrom, List<String> names,
                                  List<List<String>> parts) {
    ObjectNode e = json.createObjectNode();
    e.put("name", name);
    e.put("description", description);
    e.put("derivedFrom", derivedFrom);
    e.put("file", corpus.relativize(dir).toString());
    ArrayNode files = e.putArray("files");
    names.forEach(files::add);
    ArrayNode counts = e.putArray("eventsPerFile");
    parts.forEach(p -> counts.add(p.size()));
    e.set("mustFire", json.createArrayNode());
    return e;
  }

  private static long appStart(List<String> lines, ObjectMapper json) throws IOException {
    for (String l : lines) {
      if (l.startsWith("{\"Event\":\"SparkListenerApplicationStart\"")) {
        JsonNode n = json.readTree(l);
        return n.path("Timestamp").asLong();
      }
    }
    throw new IllegalStateException("no SparkListenerApplicationStart");
  }

  private static List<String> readLines(Path gz) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader r = Main.gzReader(gz)) {
      String l;
      while ((l = r.readLine()) != null) {
        lines.add(l);
      }
    }
    return lines;
  }

  private static List<List<String>> split(List<String> lines, int n) {
    List<List<String>> parts = new ArrayList<>();
    int size = lines.size();
    for (int i = 0; i < n; i++) {
      parts.add(new ArrayList<>(lines.subList(size * i / n, size * (i + 1) / n)));
    }
    return parts;
  }

  private static void writePlain(Path p, List<String> lines) throws IOException {
    try (Writer w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
      for (String l : lines) {
        w.write(l);
        w.write('\n');
      }
    }
  }

  private static void writeGz(Path p, List<String> lines) throws IOException {
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(p));
         Writer w = new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8)) {
      for (String l : lines) {
        w.write(l);
        w.write('\n');
      }
    }
  }
}
