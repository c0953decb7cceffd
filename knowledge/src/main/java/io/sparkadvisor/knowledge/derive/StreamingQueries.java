package io.sparkadvisor.knowledge.derive;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.eventlog.TaskEnd;
import io.sparkadvisor.knowledge.facts.BatchWork;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds the StreamingQueryListener events into per-query facts, and the work of the jobs that ran
 * each micro-batch (their local properties name the query and the batch) into that batch. Only the
 * batches still running are held apart; a batch's work joins it when its progress event arrives.
 */
final class StreamingQueries {
    private static final String QUERY_ID = "sql.streaming.queryId";
    private static final String BATCH_ID = "streaming.sql.batchId";

    private final Map<String, QueryDraft> queries = new LinkedHashMap<>();
    private final Map<BatchKey, WorkDraft> running = new HashMap<>();
    private final Map<Integer, BatchKey> batchByStage = new HashMap<>();
    private final Map<Integer, List<Integer>> stagesByJob = new HashMap<>();

    private record BatchKey(String queryId, long batchId) {}

    /**
     * A StreamingQueryListener event, by its simple name (Spark 2.0.0/2.0.1 wrote them without "Event");
     * {@code nowMs} is the run's latest time, for a termination that carries none (Spark 2.1+).
     */
    void event(String type, JsonNode e, long nowMs) {
        JsonNode old = e.has("queryStatus") ? e.path("queryStatus") : e.path("queryInfo"); // Spark 2.0.x
        if (!old.isMissingNode()) {
            oldEvent(type, old, e, nowMs);
            return;
        }
        JsonNode p = e.path("progress");
        String id = (p.isObject() ? p : e).path("id").asText();
        String runId = (p.isObject() ? p : e).path("runId").asText("");
        QueryDraft query = queries.computeIfAbsent(id, QueryDraft::new);
        switch (type) {
            case "QueryStartedEvent" -> query.started(runId, text(e.path("name")), ProgressEvents.instantMs(e.path("timestamp")));
            case "QueryProgressEvent" -> {
                query.seen(runId, text(p.path("name")));
                MicroBatch batch = ProgressEvents.progress(p);
                query.batch(withWork(id, batch));
            }
            case "QueryIdleEvent" -> query.idle();
            case "QueryTerminatedEvent" -> query.terminated(runId, nowMs, text(e.path("exception")));
            default -> { } // a listener event of a later Spark: nothing known to read
        }
    }

    private void oldEvent(String type, JsonNode status, JsonNode e, long nowMs) {
        QueryDraft query = queries.computeIfAbsent(status.path("id").asText(), QueryDraft::new);
        String name = text(status.path("name"));
        switch (type) {
            case "QueryStartedEvent", "QueryStarted" -> query.started("", name, status.path("timestamp").asLong(-1));
            case "QueryProgressEvent", "QueryProgress" -> {
                query.seen("", name);
                query.batch(ProgressEvents.status(status, query.batchCount()));
            }
            case "QueryTerminatedEvent", "QueryTerminated" ->
                    query.terminated("", status.path("timestamp").asLong(nowMs), text(e.path("exception")));
            default -> { }
        }
    }

    void jobStart(int jobId, JsonNode properties, List<Integer> stageIds) {
        String query = properties.path(QUERY_ID).asText("");
        String batch = properties.path(BATCH_ID).asText("");
        if (query.isEmpty() || !batch.matches("\\d+")) {
            return;
        }
        BatchKey key = new BatchKey(query, Long.parseLong(batch));
        running.computeIfAbsent(key, k -> new WorkDraft()).jobs++;
        stageIds.forEach(s -> batchByStage.put(s, key));
        stagesByJob.put(jobId, stageIds);
    }

    void jobEnd(int jobId) {
        List<Integer> stages = stagesByJob.remove(jobId);
        if (stages != null) {
            stages.forEach(batchByStage::remove);
        }
    }

    void stageSubmitted(int stageId, int numTasks) {
        WorkDraft work = work(stageId);
        if (work != null) {
            work.stages++;
            work.maxStageTasks = Math.max(work.maxStageTasks, numTasks);
        }
    }

    void task(TaskEnd t) {
        WorkDraft work = work(t.stageId);
        if (work != null) {
            work.tasks++;
            work.runMs += t.metric(TaskMetric.EXECUTOR_RUN_TIME);
            work.cpuMs += t.metric(TaskMetric.EXECUTOR_CPU_TIME);
        }
    }

    /** The queries; one still running when the application ended ({@code appEndMs}, -1 if it has not) stopped with it. */
    List<StreamingQueryFacts> build(long appEndMs) {
        return queries.values().stream().map(q -> q.build(appEndMs, running.keySet().stream()
                .anyMatch(k -> k.queryId.equals(q.id())))).toList();
    }

    private WorkDraft work(int stageId) {
        BatchKey key = batchByStage.get(stageId);
        return key == null ? null : running.get(key);
    }

    /** The batch with the work its jobs did; work of this query's earlier batches that never reported is dropped. */
    private MicroBatch withWork(String queryId, MicroBatch b) {
        running.keySet().removeIf(k -> k.queryId.equals(queryId) && k.batchId < b.batchId());
        WorkDraft work = running.remove(new BatchKey(queryId, b.batchId()));
        if (work == null) {
            return b;
        }
        return new MicroBatch(b.batchId(), b.timestampMs(), b.durationMs(), b.numInputRows(), b.inputRowsPerSecond(),
                b.processedRowsPerSecond(), b.sources(), b.stateOperators(), b.sinkRows(), b.watermarkMs(),
                new BatchWork(work.jobs, work.stages, work.tasks, work.maxStageTasks, work.runMs, work.cpuMs));
    }

    private static String text(JsonNode n) {
        return n.isNull() || n.isMissingNode() ? "" : n.asText();
    }

    private static final class WorkDraft {
        int jobs;
        int stages;
        long tasks;
        int maxStageTasks;
        long runMs;
        long cpuMs;
    }
}
