package io.sparkadvisor.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads an event log (JSON lines) and computes the numbers the manifest records as "expect": values
 * a test can recompute from the raw events (task counts, per-stage task-duration max and median,
 * CPU/run, GC/run, spill, input, SQL scan metrics). Tool-side only; the product has its own reader.
 */
final class LogSummary {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** SQL metrics worth recording, by the metric's display name in the plan. */
  private static final List<String> SQL_METRICS = List.of("number of files read",
      "size of files read", "number of partitions read", "metadata time",
      "number of output rows", "spill size", "number of written files", "written output",
      "static number of files read", "dynamic partition pruning time");

  private static final class StageAgg {
    String name;
    long submitted = -1;
    long completed = -1;
    final List<Long> durations = new ArrayList<>();
    long run;
    long cpuNs;
    long gc;
    long memSpill;
    long diskSpill;
    long input;
    long inputRecords;
    long shuffleRead;
    long shuffleWrite;
    long peakExecMem;
    int failed;
  }

  static Map<String, Object> summarize(BufferedReader in) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, StageAgg> stages = new TreeMap<>();
    Map<String, Integer> eventTypes = new TreeMap<>();
    TreeSet<String> failureReasons = new TreeSet<>();
    Map<Long, String[]> accumNames = new HashMap<>(); // accumulator id -> {node, metric}
    Map<Long, Long> accumValues = new HashMap<>();
    long events = 0;
    long taskEnds = 0;
    long failedTasks = 0;
    long peakHeap = 0;
    long appStart = -1;
    long appEnd = -1;
    String version = null;
    String master = null;
    String appName = null;
    int sqlExecutions = 0;
    int jobs = 0;
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode e = JSON.readTree(line);
      events++;
      String type = e.path("Event").asText();
      eventTypes.merge(type.substring(type.lastIndexOf('.') + 1), 1, Integer::sum);
      switch (type) {
        case "SparkListenerLogStart" -> version = e.path("Spark Version").asText();
        case "SparkListenerApplicationStart" -> {
          appStart = e.path("Timestamp").asLong();
          appName = e.path("App Name").asText();
        }
        case "SparkListenerApplicationEnd" -> appEnd = e.path("Timestamp").asLong();
        case "SparkListenerEnvironmentUpdate" ->
            master = e.path("Spark Properties").path("spark.master").asText(null);
        case "SparkListenerJobStart" -> jobs++;
        case "SparkListenerStageCompleted" -> {
          JsonNode si = e.path("Stage Info");
          StageAgg s = stages.computeIfAbsent(key(si.path("Stage ID").asInt(),
              si.path("Stage Attempt ID").asInt()), k -> new StageAgg());
          s.name = si.path("Stage Name").asText();
          s.submitted = si.path("Submission Time").asLong(-1);
          s.completed = si.path("Completion Time").asLong(-1);
          for (JsonNode a : si.path("Accumulables")) {
            long id = a.path("ID").asLong();
            if (a.path("Value").canConvertToLong()) {
              accumValues.merge(id, a.path("Value").asLong(), Math::max);
            } else if (a.path("Value").isTextual()) {
              try {
                accumValues.merge(id, Long.parseLong(a.path("Value").asText()), Math::max);
              } catch (NumberFormatException ignored) {
                // non-numeric accumulator
              }
            }
          }
        }
        case "SparkListenerTaskEnd" -> {
          taskEnds++;
          StageAgg s = stages.computeIfAbsent(key(e.path("Stage ID").asInt(),
              e.path("Stage Attempt ID").asInt()), k -> new StageAgg());
          JsonNode info = e.path("Task Info");
          s.durations.add(info.path("Finish Time").asLong() - info.path("Launch Time").asLong());
          JsonNode reason = e.path("Task End Reason");
          if (!"Success".equals(reason.path("Reason").asText())) {
            failedTasks++;
            s.failed++;
            String cls = reason.path("Class Name").asText("");
            failureReasons.add(reason.path("Reason").asText() + (cls.isEmpty() ? "" : ": " + cls));
          }
          JsonNode m = e.path("Task Metrics");
          s.run += m.path("Executor Run Time").asLong();
          s.cpuNs += m.path("Executor CPU Time").asLong();
          s.gc += m.path("JVM GC Time").asLong();
          s.memSpill += m.path("Memory Bytes Spilled").asLong();
          s.diskSpill += m.path("Disk Bytes Spilled").asLong();
          s.peakExecMem = Math.max(s.peakExecMem, m.path("Peak Execution Memory").asLong());
          s.input += m.path("Input Metrics").path("Bytes Read").asLong();
          s.inputRecords += m.path("Input Metrics").path("Records Read").asLong();
          JsonNode sr = m.path("Shuffle Read Metrics");
          s.shuffleRead += sr.path("Remote Bytes Read").asLong() + sr.path("Local Bytes Read").asLong();
          s.shuffleWrite += m.path("Shuffle Write Metrics").path("Shuffle Bytes Written").asLong();
          peakHeap = Math.max(peakHeap, e.path("Task Executor Metrics").path("JVMHeapMemory").asLong());
        }
        case "SparkListenerStageExecutorMetrics", "SparkListenerExecutorMetricsUpdate" -> {
          peakHeap = Math.max(peakHeap, e.path("Executor Metrics").path("JVMHeapMemory").asLong());
          for (JsonNode u : e.path("Executor Metrics Updated")) {
            peakHeap = Math.max(peakHeap,
                u.path("Executor Metrics").path("JVMHeapMemory").asLong());
          }
        }
        case "org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart" -> {
          sqlExecutions++;
          collectMetrics(e.path("sparkPlanInfo"), accumNames);
        }
        case "org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate" ->
            collectMetrics(e.path("sparkPlanInfo"), accumNames);
        case "org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates" -> {
          for (JsonNode pair : e.path("accumUpdates")) {
            accumValues.merge(pair.path(0).asLong(), pair.path(1).asLong(), Math::max);
          }
        }
        default -> { }
      }
    }
    out.put("sparkVersion", version);
    out.put("appName", appName);
    out.put("master", master);
    out.put("events", events);
    out.put("jobs", jobs);
    out.put("sqlExecutions", sqlExecutions);
    out.put("stageAttempts", stages.size());
    out.put("taskEndEvents", taskEnds);
    out.put("failedTasks", failedTasks);
    if (!failureReasons.isEmpty()) {
      out.put("failureReasons", new ArrayList<>(failureReasons));
    }
    out.put("appDurationMs", appStart >= 0 && appEnd >= 0 ? appEnd - appStart : null);
    out.put("peakJvmHeapBytes", peakHeap);

    long run = 0;
    long cpuNs = 0;
    long gc = 0;
    long mem = 0;
    long disk = 0;
    long input = 0;
    long inputRecords = 0;
    long shR = 0;
    long shW = 0;
    String longestWall = null;
    long longestWallMs = -1;
    String longestTask = null;
    long longestTaskMs = -1;
    for (Map.Entry<String, StageAgg> en : stages.entrySet()) {
      StageAgg s = en.getValue();
      run += s.run;
      cpuNs += s.cpuNs;
      gc += s.gc;
      mem += s.memSpill;
      disk += s.diskSpill;
      input += s.input;
      inputRecords += s.inputRecords;
      shR += s.shuffleRead;
      shW += s.shuffleWrite;
      long wall = s.completed - s.submitted;
      if (s.submitted >= 0 && s.completed >= 0 && wall > longestWallMs) {
        longestWallMs = wall;
        longestWall = en.getKey();
      }
      long max = s.durations.isEmpty() ? -1 : Collections.max(s.durations);
      if (max > longestTaskMs) {
        longestTaskMs = max;
        longestTask = en.getKey();
      }
    }
    Map<String, Object> totals = new LinkedHashMap<>();
    totals.put("executorRunTimeMs", run);
    totals.put("executorCpuTimeMs", cpuNs / 1_000_000);
    totals.put("cpuOverRun", ratio(cpuNs / 1e6, run));
    totals.put("jvmGcTimeMs", gc);
    totals.put("gcOverRun", ratio(gc, run));
    totals.put("memoryBytesSpilled", mem);
    totals.put("diskBytesSpilled", disk);
    totals.put("inputBytes", input);
    totals.put("inputRecords", inputRecords);
    totals.put("shuffleReadBytes", shR);
    totals.put("shuffleWriteBytes", shW);
    out.put("totals", totals);
    if (longestWall != null) {
      out.put("significantStage", stageView(longestWall, stages.get(longestWall)));
    }
    if (longestTask != null) {
      out.put("stageWithLongestTask", longestTask);
    }
    List<Map<String, Object>> all = new ArrayList<>();
    for (Map.Entry<String, StageAgg> en : stages.entrySet()) {
      if (stages.size() <= 40) {
        all.add(stageView(en.getKey(), en.getValue()));
      }
    }
    if (!all.isEmpty()) {
      out.put("stages", all);
    }
    // "<plan node name> / <metric name>" -> final values of every plan node of that name, sorted
    Map<String, List<Long>> sql = new TreeMap<>();
    for (Map.Entry<Long, String[]> en : new TreeMap<>(accumNames).entrySet()) {
      Long v = accumValues.get(en.getKey());
      if (v != null && SQL_METRICS.contains(en.getValue()[1])) {
        sql.computeIfAbsent(en.getValue()[0].trim() + " / " + en.getValue()[1],
            k -> new ArrayList<>()).add(v);
      }
    }
    sql.values().forEach(Collections::sort);
    if (!sql.isEmpty() && sql.size() <= 60) {
      out.put("sqlMetricsByNodeName", sql);
    }
    return out;
  }

  private static Map<String, Object> stageView(String key, StageAgg s) {
    Map<String, Object> v = new LinkedHashMap<>();
    String[] ka = key.split("\\.");
    v.put("stageId", Integer.parseInt(ka[0]));
    v.put("attempt", Integer.parseInt(ka[1]));
    v.put("name", s.name);
    v.put("tasks", s.durations.size());
    v.put("failedTasks", s.failed);
    v.put("wallMs", s.submitted >= 0 && s.completed >= 0 ? s.completed - s.submitted : null);
    List<Long> d = new ArrayList<>(s.durations);
    Collections.sort(d);
    if (!d.isEmpty()) {
      long max = d.get(d.size() - 1);
      long median = median(d);
      v.put("taskDurationMaxMs", max);
      v.put("taskDurationMedianMs", median);
      v.put("maxOverMedian", median > 0 ? ratio(max, median) : null);
    }
    v.put("executorRunTimeMs", s.run);
    v.put("executorCpuTimeMs", s.cpuNs / 1_000_000);
    v.put("cpuOverRun", ratio(s.cpuNs / 1e6, s.run));
    v.put("jvmGcTimeMs", s.gc);
    v.put("gcOverRun", ratio(s.gc, s.run));
    v.put("memoryBytesSpilled", s.memSpill);
    v.put("diskBytesSpilled", s.diskSpill);
    v.put("peakExecutionMemoryMaxTask", s.peakExecMem);
    v.put("inputBytes", s.input);
    v.put("inputRecords", s.inputRecords);
    v.put("shuffleReadBytes", s.shuffleRead);
    v.put("shuffleWriteBytes", s.shuffleWrite);
    return v;
  }

  /** Median as the lower middle element for an even count (documented in the manifest). */
  private static long median(List<Long> sorted) {
    return sorted.get((sorted.size() - 1) / 2);
  }

  private static Double ratio(double a, double b) {
    return b <= 0 ? null : Math.round(a / b * 1000.0) / 1000.0;
  }

  private static String key(int stage, int attempt) {
    return String.format("%04d.%d", stage, attempt);
  }

  private static void collectMetrics(JsonNode plan, Map<Long, String[]> into) {
    if (plan == null || plan.isMissingNode()) {
      return;
    }
    String node = plan.path("nodeName").asText();
    for (JsonNode m : plan.path("metrics")) {
      into.put(m.path("accumulatorId").asLong(), new String[] {node, m.path("name").asText()});
    }
    for (JsonNode c : plan.path("children")) {
      collectMetrics(c, into);
    }
  }
}
