package io.sparkadvisor.knowledge.derive;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.eventlog.TaskEnd;
import io.sparkadvisor.knowledge.facts.BatchWork;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds the StreamingQueryListener events into per-query facts, and the work of the jobs that ran
 * each micro-batch (their local properties name the query and the batch) into that batch. Only the
 * batches still running are held apart; a batch's work joins it when its progress event arrives.
 * A micro-batch's stages fold into their query's recurring stages ({@link RecurringStage}); only the
 * jobs and stages of each query's latest batch are kept whole, so memory stays flat however many batches ran.
 */
final class StreamingQueries {
    private static final String QUERY_ID = "sql.streaming.queryId";
    private static final String BATCH_ID = "streaming.sql.batchId";
    /** Recurring stages summarised per query; a query whose stages differ batch after batch keeps its first ones. */
    static final int RECURRING_STAGE_LIMIT = 64;
    /** StreamExecution.getBatchDescriptionString: the query's name, then "id = ...", "runId = ...", "batch = n". */
    private static final Pattern BATCH_DESCRIPTION = Pattern.compile("\nid = ([0-9a-f-]{36})\nrunId = [0-9a-f-]{36}\nbatch = (\\d+)$");

    private final Map<String, QueryDraft> queries = new LinkedHashMap<>();
    private final Map<BatchKey, WorkDraft> running = new HashMap<>();
    private final Map<Integer, StageSlot> batchByStage = new HashMap<>();
    private final Map<Integer, List<Integer>> stagesByJob = new HashMap<>();
    private final Map<String, KeptBatch> kept = new HashMap<>();
    private final Map<String, Map<String, RecurringStageDraft>> recurring = new HashMap<>();

    private record BatchKey(String queryId, long batchId) {}

    /** A micro-batch stage: its batch and its place among the batch's stages (the order its jobs listed them). */
    private record StageSlot(BatchKey batch, int position) {}

    /** The jobs and stages of a query's latest batch, kept as facts. */
    private record KeptBatch(long batchId, List<Integer> jobIds, List<Integer> stageIds, List<Long> executionIds) {}

    /** The jobs, stages and SQL executions of an earlier batch, no longer kept once the query's next batch started. */
    record ForgottenBatch(List<Integer> jobIds, List<Integer> stageIds, List<Long> executionIds) {}

    /** Where a completed stage's facts go. */
    enum Placement { NOT_MICRO_BATCH, LATEST_BATCH, EARLIER_BATCH }

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

    /**
     * A job; when it runs a micro-batch later than the one its query's kept facts hold, that earlier batch is returned
     * to be forgotten (a job of an older batch than the kept one is forgotten itself).
     */
    Optional<ForgottenBatch> jobStart(int jobId, JsonNode properties, List<Integer> stageIds) {
        String query = properties.path(QUERY_ID).asText("");
        String batch = properties.path(BATCH_ID).asText("");
        if (query.isEmpty() || !batch.matches("\\d+")) {
            return Optional.empty();
        }
        BatchKey key = new BatchKey(query, Long.parseLong(batch));
        WorkDraft work = running.computeIfAbsent(key, k -> new WorkDraft());
        work.jobs++;
        stageIds.forEach(s -> batchByStage.put(s, new StageSlot(key, work.positions++)));
        stagesByJob.put(jobId, stageIds);
        Optional<ForgottenBatch> forgotten = keep(key);
        KeptBatch latest = kept.get(query);
        if (latest.batchId > key.batchId) {
            return Optional.of(new ForgottenBatch(List.of(jobId), List.copyOf(stageIds), List.of()));
        }
        latest.jobIds.add(jobId);
        latest.stageIds.addAll(stageIds);
        return forgotten;
    }

    /**
     * A SQL execution: one that runs a micro-batch (Spark describes it as "name, id, runId and batch" on four lines) is
     * kept with its batch; when its batch is later than the kept one, that earlier batch is returned to be forgotten.
     */
    Optional<ForgottenBatch> sqlExecutionStart(long executionId, String description) {
        Matcher m = BATCH_DESCRIPTION.matcher(description);
        if (!m.find()) {
            return Optional.empty();
        }
        BatchKey key = new BatchKey(m.group(1), Long.parseLong(m.group(2)));
        Optional<ForgottenBatch> forgotten = keep(key);
        KeptBatch latest = kept.get(key.queryId);
        if (latest.batchId > key.batchId) {
            return Optional.of(new ForgottenBatch(List.of(), List.of(), List.of(executionId)));
        }
        latest.executionIds.add(executionId);
        return forgotten;
    }

    /** Makes the batch its query's kept one when it is later; returns the batch it replaces. */
    private Optional<ForgottenBatch> keep(BatchKey key) {
        KeptBatch latest = kept.get(key.queryId);
        if (latest != null && latest.batchId >= key.batchId) {
            return Optional.empty();
        }
        kept.put(key.queryId, new KeptBatch(key.batchId, new ArrayList<>(), new ArrayList<>(), new ArrayList<>()));
        return Optional.ofNullable(latest).map(b -> new ForgottenBatch(b.jobIds, b.stageIds, b.executionIds));
    }

    /**
     * A completed stage attempt: a micro-batch's folds into its query's recurring stage ({@code topIndex}: its largest
     * task's partition); its facts are kept only when it ran its query's latest batch.
     */
    Placement stageCompleted(StageFacts stage, int topIndex) {
        StageSlot slot = batchByStage.get(stage.stageId());
        if (slot == null) {
            return Placement.NOT_MICRO_BATCH;
        }
        Map<String, RecurringStageDraft> stages = recurring.computeIfAbsent(slot.batch.queryId, q -> new LinkedHashMap<>());
        String key = slot.position + "|" + stage.name();
        RecurringStageDraft draft = stages.get(key);
        if (draft == null && stages.size() < RECURRING_STAGE_LIMIT) {
            draft = new RecurringStageDraft(slot.batch.queryId, stage.name(), slot.position);
            stages.put(key, draft);
        }
        if (draft != null) {
            draft.add(slot.batch.batchId, stage, topIndex);
        }
        KeptBatch latest = kept.get(slot.batch.queryId);
        return latest != null && latest.batchId == slot.batch.batchId ? Placement.LATEST_BATCH : Placement.EARLIER_BATCH;
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
        return queries.entrySet().stream().map(q -> q.getValue().build(appEndMs,
                running.keySet().stream().anyMatch(k -> k.queryId.equals(q.getKey())),
                recurring.getOrDefault(q.getKey(), Map.of()).values().stream().map(RecurringStageDraft::build).toList())).toList();
    }

    private WorkDraft work(int stageId) {
        StageSlot slot = batchByStage.get(stageId);
        return slot == null ? null : running.get(slot.batch);
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
        /** Places handed to the batch's stages so far. */
        int positions;
        long runMs;
        long cpuMs;
    }
}
