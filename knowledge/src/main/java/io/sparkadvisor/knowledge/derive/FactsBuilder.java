package io.sparkadvisor.knowledge.derive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.eventlog.EventSink;
import io.sparkadvisor.knowledge.eventlog.ReadStats;
import io.sparkadvisor.knowledge.eventlog.TaskEnd;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Folds the events of one application into {@link RunFacts}. Per-task data lives only in the
 * accumulator of a running stage; everything else is per stage, job, executor or plan node.
 */
public final class FactsBuilder implements EventSink {
    private String sparkVersion = "";
    private String appId = "";
    private String appName = "";
    private long startMs = -1;
    private long endMs = -1;
    /** Times of the run's work; the application's and executors' times are judged against them when the facts are built. */
    private final RunClock clock = new RunClock();
    private SparkProperties properties = SparkProperties.empty();
    private final Map<String, ExecutorDraft> executors = new LinkedHashMap<>();
    private final Map<Integer, JobDraft> jobs = new LinkedHashMap<>();
    private final Map<Integer, Long> executionByStage = new HashMap<>();
    private final Map<Long, StageAccumulator> running = new HashMap<>();
    private final Map<Long, StageInfo> stageInfo = new HashMap<>();
    private final List<CompletedStage> completed = new ArrayList<>();
    /** The stages of each streaming query's latest micro-batch (earlier batches' are folded into recurring stages). */
    private final Map<Integer, List<KeptStage>> latestBatchStages = new HashMap<>();
    /** Failures of micro-batch stages whose facts were not kept. */
    private final List<TaskFailureFacts> foldedFailures = new ArrayList<>();
    private final Map<Long, Set<Integer>> stagesByAccumulator = new HashMap<>();
    private final SqlPlans sql = new SqlPlans();
    private final StreamingQueries streaming = new StreamingQueries();
    private SlotTimelineBuilder timeline;
    /** Where the read resumed after the log's parts it did not read; -1 for a whole log. */
    private final long judgedFromMs;
    /** The first task launched from then on: the run is measured from it, as the read part may begin before its work. */
    private long firstWindowTaskMs = Long.MAX_VALUE;

    public FactsBuilder() {
        this(-1);
    }

    /**
     * For a log read from {@code judgedFromMs} on (its earlier parts unread but the first): the run is measured from the
     * first task launched since, so the slots of the unread hours are neither busy nor idle, and the application's start
     * in the facts is then.
     */
    public FactsBuilder(long judgedFromMs) {
        this.judgedFromMs = judgedFromMs;
    }

    /** The application's own start as its log says, -1 when the log has none (the facts' start may be later: see the constructor). */
    public long applicationStartMs() {
        return startMs;
    }

    @Override
    public void onTaskEnd(TaskEnd task) {
        clock.work(task.launchMs);
        clock.work(task.finishMs);
        timeline().task(task.launchMs, task.finishMs);
        if (judgedFromMs >= 0 && task.launchMs >= judgedFromMs) {
            firstWindowTaskMs = Math.min(firstWindowTaskMs, task.launchMs);
        }
        if (!task.speculative) {
            timeline().pending(task.launchMs, -1);
        }
        if (!task.succeeded() && !task.reason.equals("TaskKilled")) {
            timeline().pending(task.finishMs, 1); // the failed partition waits to be retried
        }
        executor(task.executorId).peaks(task.peakJvmHeap, task.peakOnHeapExecution, task.peakOnHeapStorage,
                task.peakProcessRss, task.peakOffHeapUnified);
        streaming.task(task);
        StageAccumulator stage = running.get(key(task.stageId, task.stageAttemptId));
        if (stage != null) {
            stage.add(task);
        }
    }

    @Override
    public void onEvent(String type, ObjectNode e) {
        // core events by their simple name, the others after their package (and StreamingQueryListener$)
        switch (type.substring(Math.max(type.lastIndexOf('.'), type.lastIndexOf('$')) + 1)) {
            case "SparkListenerLogStart" -> sparkVersion = e.path("Spark Version").asText();
            case "DBCEventLoggingListenerMetadata" -> { // Databricks writes no SparkListenerLogStart
                if (sparkVersion.isEmpty()) {
                    sparkVersion = e.path("Spark Version").asText();
                }
            }
            case "SparkListenerApplicationStart" -> {
                appName = e.path("App Name").asText();
                appId = e.path("App ID").asText();
                startMs = e.path("Timestamp").asLong();
            }
            case "SparkListenerApplicationEnd" -> {
                endMs = e.path("Timestamp").asLong();
            }
            case "SparkListenerEnvironmentUpdate" -> properties = new SparkProperties(keyValues(e.path("Spark Properties")));
            case "SparkListenerExecutorAdded" -> executorAdded(e);
            case "SparkListenerExecutorRemoved" -> executorRemoved(e);
            case "SparkListenerBlockManagerAdded" -> executor(e.path("Block Manager ID").path("Executor ID").asText())
                    .maxUnifiedMemory = e.path("Maximum Memory").asLong();
            case "SparkListenerStageExecutorMetrics" -> executorPeaks(e.path("Executor ID").asText(), e.path("Executor Metrics"));
            case "SparkListenerExecutorMetricsUpdate" -> e.path("Executor Metrics Updated")
                    .forEach(u -> executorPeaks(e.path("Executor ID").asText(), u.path("Executor Metrics")));
            case "SparkListenerJobStart" -> jobStart(e);
            case "SparkListenerJobEnd" -> jobEnd(e);
            case "SparkListenerStageSubmitted" -> stageSubmitted(e.path("Stage Info"));
            case "SparkListenerStageCompleted" -> stageCompleted(e.path("Stage Info"));
            case "SparkListenerSQLExecutionStart" -> {
                sql.start(e);
                streaming.sqlExecutionStart(e.path("executionId").asLong(), e.path("description").asText(""))
                        .ifPresent(this::forget);
                clock.work(e.path("time").asLong());
            }
            case "SparkListenerSQLExecutionEnd" -> {
                sql.end(e);
                clock.work(e.path("time").asLong());
            }
            case "SparkListenerSQLAdaptiveExecutionUpdate" -> sql.planUpdate(e);
            case "SparkListenerDriverAccumUpdates" -> sql.driverAccumulatorUpdates(e);
            case "QueryStartedEvent", "QueryProgressEvent", "QueryIdleEvent", "QueryTerminatedEvent", "QueryStarted",
                    "QueryProgress", "QueryTerminated" -> streaming.event(type.substring(type.lastIndexOf('$') + 1), e, latestMs());
            default -> { } // SQL metric registrations: their nodes arrive with the plan update
        }
    }

    private void executorPeaks(String executorId, JsonNode m) {
        executor(executorId).peaks(m.path("JVMHeapMemory").asLong(), m.path("OnHeapExecutionMemory").asLong(),
                m.path("OnHeapStorageMemory").asLong(), m.path("ProcessTreeJVMRSSMemory").asLong(),
                m.path("OffHeapUnifiedMemory").asLong());
    }

    private void executorAdded(JsonNode e) {
        ExecutorDraft ex = executor(e.path("Executor ID").asText());
        ex.host = e.path("Executor Info").path("Host").asText();
        ex.cores = e.path("Executor Info").path("Total Cores").asInt();
        ex.addedMs = e.path("Timestamp").asLong(); // its slots count from here once the run's clock is known (build)
    }

    private void executorRemoved(JsonNode e) {
        ExecutorDraft ex = executor(e.path("Executor ID").asText());
        ex.removedMs = e.path("Timestamp").asLong();
        ex.removeReason = e.path("Removed Reason").asText();
    }

    private void jobStart(JsonNode e) {
        JobDraft job = new JobDraft(e.path("Job ID").asInt(), e.path("Submission Time").asLong(),
                firstLine(e.path("Properties").path("spark.job.description").asText("")));
        clock.work(job.submittedMs);
        e.path("Stage IDs").forEach(id -> job.stageIds.add(id.asInt()));
        String execution = e.path("Properties").path("spark.sql.execution.id").asText("");
        job.sqlExecutionId = execution.isEmpty() ? -1 : Long.parseLong(execution);
        if (job.sqlExecutionId >= 0) {
            job.stageIds.forEach(s -> executionByStage.put(s, job.sqlExecutionId));
        }
        jobs.put(job.jobId, job);
        streaming.jobStart(job.jobId, e.path("Properties"), job.stageIds).ifPresent(this::forget);
    }

    /** An earlier micro-batch: its jobs, stages, SQL executions and their metric values are no longer kept. */
    private void forget(StreamingQueries.ForgottenBatch batch) {
        for (int jobId : batch.jobIds()) {
            JobDraft job = jobs.remove(jobId);
            if (job != null && job.sqlExecutionId >= 0) {
                sql.forget(job.sqlExecutionId);
            }
        }
        for (int stageId : batch.stageIds()) {
            executionByStage.remove(stageId);
            for (KeptStage kept : latestBatchStages.getOrDefault(stageId, List.of())) {
                foldedFailures.addAll(kept.stage.failures);
                for (long id : kept.accumulatorIds) {
                    stagesByAccumulator.remove(id);
                    sql.forgetAccumulator(id);
                }
            }
            latestBatchStages.remove(stageId);
        }
        batch.executionIds().forEach(sql::forget);
    }

    private void jobEnd(JsonNode e) {
        streaming.jobEnd(e.path("Job ID").asInt());
        JobDraft job = jobs.get(e.path("Job ID").asInt());
        if (job != null) {
            job.completedMs = e.path("Completion Time").asLong();
            job.result = e.path("Job Result").path("Result").asText();
            clock.work(job.completedMs);
        }
    }

    private void stageSubmitted(JsonNode info) {
        int stageId = info.path("Stage ID").asInt();
        int attempt = info.path("Stage Attempt ID").asInt();
        long submitted = info.path("Submission Time").asLong(latestMs());
        clock.work(submitted);
        List<Integer> parents = new ArrayList<>();
        info.path("Parent IDs").forEach(p -> parents.add(p.asInt()));
        int numTasks = info.path("Number of Tasks").asInt();
        stageInfo.put(key(stageId, attempt), new StageInfo(info.path("Stage Name").asText(), numTasks, parents, submitted));
        running.put(key(stageId, attempt), new StageAccumulator(stageId, attempt, submitted, numTasks));
        streaming.stageSubmitted(stageId, numTasks);
        timeline().pending(submitted, numTasks);
        timeline().stages(submitted, 1);
    }

    private void stageCompleted(JsonNode info) {
        int stageId = info.path("Stage ID").asInt();
        int attempt = info.path("Stage Attempt ID").asInt();
        long done = info.path("Completion Time").asLong(latestMs());
        clock.work(done);
        StageAccumulator acc = running.remove(key(stageId, attempt));
        StageInfo meta = stageInfo.remove(key(stageId, attempt));
        if (acc == null || meta == null) {
            accumulators(info, stageId);
            return;
        }
        timeline().stages(done, -1);
        String failure = PythonTracebacks.keepRaised(info.path("Failure Reason").asText(""));
        CompletedStage stage = summarise(acc, meta, done, failure.isEmpty() ? "COMPLETE" : "FAILED", failure);
        switch (streaming.stageCompleted(stage.facts, acc.topIndex())) {
            case NOT_MICRO_BATCH -> {
                accumulators(info, stageId);
                completed.add(stage);
            }
            case LATEST_BATCH -> latestBatchStages.computeIfAbsent(stageId, k -> new ArrayList<>())
                    .add(new KeptStage(stage, accumulators(info, stageId)));
            case EARLIER_BATCH -> foldedFailures.addAll(stage.failures);
        }
    }

    /** Records the stage's SQL metric values; returns their accumulator ids. */
    private long[] accumulators(JsonNode info, int stageId) {
        LongStream.Builder ids = LongStream.builder();
        for (JsonNode acc : info.path("Accumulables")) {
            long id = acc.path("ID").asLong();
            JsonNode value = acc.path("Value");
            if (value.canConvertToLong() || value.asText().matches("-?\\d+")) {
                sql.accumulatorValue(id, value.asLong());
                stagesByAccumulator.computeIfAbsent(id, k -> new TreeSet<>()).add(stageId);
                ids.add(id);
            }
        }
        return ids.build().toArray();
    }

    private CompletedStage summarise(StageAccumulator acc, StageInfo meta, long doneMs, String status, String failure) {
        List<Long> sample = acc.durationSample();
        StageFacts facts = new StageFacts(acc.stageId, acc.attemptId, meta.name, meta.numTasks, meta.parents,
                meta.submittedMs, doneMs, status, failure.length() > 500 ? failure.substring(0, 500) + "…" : failure,
                executionByStage.getOrDefault(acc.stageId, -1L), acc.successful(), acc.failed(), acc.killed(),
                acc.distributions(), acc.queuedMs(), sample);
        return new CompletedStage(facts, acc.failures());
    }

    /** Assembles the facts once the whole log has been read. */
    public RunFacts build(ReadStats stats) {
        Span span = span();
        long start = span.startMs();
        long end = span.endMs();
        running.forEach((k, acc) -> {
            completed.add(summarise(acc, stageInfo.get(k), end, "INCOMPLETE", ""));
            timeline().stages(end, -1);
        });
        running.clear();
        latestBatchStages.values().forEach(kept -> kept.forEach(k -> completed.add(k.stage)));
        completed.sort(Comparator.comparingInt((CompletedStage c) -> c.facts.stageId()).thenComparingInt(c -> c.facts.attemptId()));
        List<StageFacts> stages = completed.stream().map(c -> c.facts).toList();
        List<TaskFailureFacts> failures = Stream.concat(foldedFailures.stream(),
                completed.stream().flatMap(c -> c.failures.stream())).toList();
        int fallbackSlots = executors.values().stream().anyMatch(x -> x.cores > 0) ? 0
                : properties.localSlots().orElse(0);
        SlotTimelineBuilder.Result slots = timeline().build(end, fallbackSlots);
        if (fallbackSlots > 0) {
            executors.values().stream().filter(x -> x.id.equals("driver")).forEach(x -> {
                x.cores = fallbackSlots * properties.taskCpus();
                x.addedMs = start;
            });
        }
        Map<Long, List<Integer>> jobsByExecution = new HashMap<>();
        Map<Long, List<Integer>> stagesByExecution = new HashMap<>();
        jobs.values().stream().filter(j -> j.sqlExecutionId >= 0).forEach(j -> {
            jobsByExecution.computeIfAbsent(j.sqlExecutionId, k -> new ArrayList<>()).add(j.jobId);
            stagesByExecution.computeIfAbsent(j.sqlExecutionId, k -> new ArrayList<>()).addAll(j.stageIds);
        });
        ApplicationFacts app = new ApplicationFacts(
                startMs >= 0 ? appId : properties.get("spark.app.id").orElse(appId),
                startMs >= 0 ? appName : properties.get("spark.app.name").orElse(appName), sparkVersion, start, end);
        List<String> missing = new ArrayList<>();
        if (startMs < 0) {
            missing.add(Coverage.APPLICATION_START);
        }
        if (endMs < 0) {
            missing.add(Coverage.APPLICATION_END);
        }
        Coverage coverage = new Coverage(stats.events(), stats.taskEnds(), stats.unknownEvents(), stats.truncated(),
                stats.skippedLines(), stats.firstSkippedLine(), stats.firstSkippedReason(), missing.isEmpty(), missing,
                new Coverage.SetAsideTimes(clock.setAside(), clock.farthestDays()));
        return new RunFacts(app, coverage, properties, executors.values().stream().map(x -> x.toFacts(end)).toList(),
                jobs.values().stream().map(j -> j.toFacts(end)).toList(), stages, failures, slots.accounting(),
                slots.timeline(), sql.build(jobsByExecution, stagesByExecution, stagesByAccumulator, end), Optional.empty(),
                streaming.build(endKept(end)));
    }

    /** The application's end when the log has one that agrees with the work, else -1. */
    private long endKept(long end) {
        return endMs > 0 && clock.agrees(endMs) ? end : -1;
    }

    private record Span(long startMs, long endMs) {}

    /**
     * The run's start and end from the times that agree with its work, and the executors' slots from theirs. When an
     * executor whose time was set aside served is unknown: it is listed from the start, its slots are not guessed.
     */
    private Span span() {
        boolean startKept = startMs >= 0 && clock.keep(startMs);
        boolean endKept = endMs > 0 && clock.keep(endMs);
        Set<ExecutorDraft> addedOffClock = executors.values().stream().filter(x -> x.addedMs > 0 && !clock.keep(x.addedMs))
                .collect(Collectors.toSet());
        executors.values().stream().filter(x -> x.removedMs > 0 && !clock.keep(x.removedMs)).forEach(x -> x.removedMs = 0);
        long judged = judgedFromMs < 0 ? -1 : firstWindowTaskMs == Long.MAX_VALUE ? judgedFromMs : firstWindowTaskMs;
        long start = Math.max(startKept ? startMs : earliestMs(), judged);
        executors.values().stream().filter(x -> x.addedMs > 0 && x.addedMs < judged).forEach(x -> x.addedMs = judged);
        executors.values().stream().filter(x -> x.removedMs > 0 && x.removedMs < judged).forEach(x -> x.removedMs = judged);
        executors.values().stream().filter(x -> x.cores > 0 && !addedOffClock.contains(x)).forEach(x -> {
            timeline().slots(x.addedMs, x.cores / properties.taskCpus());
            if (x.removedMs > 0) {
                timeline().slots(x.removedMs, -x.cores / properties.taskCpus());
            }
        });
        addedOffClock.forEach(x -> x.addedMs = start);
        return new Span(start, endKept ? endMs : Math.max(start, lastKnownMs()));
    }

    private SlotTimelineBuilder timeline() {
        if (timeline == null) {
            timeline = new SlotTimelineBuilder(Math.max(startMs >= 0 && clock.agrees(startMs) ? startMs : earliestMs(), judgedFromMs));
        }
        return timeline;
    }

    private ExecutorDraft executor(String id) {
        return executors.computeIfAbsent(id, ExecutorDraft::new);
    }

    /** Without an application start that agrees with the work: the first work, or an earlier executor that agrees. */
    private long earliestMs() {
        long first = executors.values().stream().mapToLong(x -> x.addedMs).filter(t -> t > 0 && clock.agrees(t))
                .reduce(clock.hasWork() ? clock.firstWorkMs() : Long.MAX_VALUE, Math::min);
        return first != Long.MAX_VALUE ? first : startMs >= 0 ? startMs : Math.max(0, endMs);
    }

    /** The last time that agrees with the work: its own, or an executor's coming or going after it. */
    private long lastKnownMs() {
        long work = clock.hasWork() ? clock.lastWorkMs() : 0;
        return executors.values().stream().flatMapToLong(x -> LongStream.of(x.addedMs, x.removedMs))
                .filter(t -> t > 0 && clock.agrees(t)).reduce(work, Math::max);
    }

    /** Stands in for a stage's missing submission or completion time: the latest work so far. */
    private long latestMs() {
        return clock.hasWork() ? clock.lastWorkMs() : Math.max(0, startMs);
    }

    private static long key(int stageId, int attempt) {
        return ((long) stageId << 20) | attempt;
    }

    /** Spark's listing jobs describe themselves in HTML over several lines ("...for 60 paths:<br/>path, ..."): keep the first. */
    private static String firstLine(String description) {
        String first = description.split("<br/>|\n", 2)[0].trim();
        return first.length() > 200 ? first.substring(0, 200) + "…" : first;
    }

    /** Spark 3 and 4 write properties as an object; Spark 1.x/2.x wrote a list of [key, value] pairs. */
    private static Map<String, String> keyValues(JsonNode node) {
        Map<String, String> out = new HashMap<>();
        if (node.isArray()) {
            node.forEach(pair -> out.put(pair.path(0).asText(), pair.path(1).asText()));
        } else {
            node.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asText()));
        }
        return out;
    }

    private record StageInfo(String name, int numTasks, List<Integer> parents, long submittedMs) {}

    private record CompletedStage(StageFacts facts, List<TaskFailureFacts> failures) {}

    private record KeptStage(CompletedStage stage, long[] accumulatorIds) {}

    private static final class JobDraft {
        final int jobId;
        final long submittedMs;
        final List<Integer> stageIds = new ArrayList<>();
        long sqlExecutionId = -1;
        long completedMs;
        String result = "UNKNOWN";

        final String description;

        JobDraft(int jobId, long submittedMs, String description) {
            this.jobId = jobId;
            this.submittedMs = submittedMs;
            this.description = description;
        }

        JobFacts toFacts(long endMs) {
            return new JobFacts(jobId, submittedMs, completedMs > 0 ? completedMs : endMs, List.copyOf(stageIds),
                    sqlExecutionId, result, description);
        }
    }

    private static final class ExecutorDraft {
        final String id;
        String host = "";
        int cores;
        long addedMs;
        long removedMs;
        String removeReason = "";
        long maxUnifiedMemory;
        long peakHeap;
        long peakExecution;
        long peakStorage;
        long peakRss;
        long peakOffHeap;

        ExecutorDraft(String id) {
            this.id = id;
        }

        void peaks(long heap, long execution, long storage, long rss, long offHeap) {
            peakHeap = Math.max(peakHeap, heap);
            peakExecution = Math.max(peakExecution, execution);
            peakStorage = Math.max(peakStorage, storage);
            peakRss = Math.max(peakRss, rss);
            peakOffHeap = Math.max(peakOffHeap, offHeap);
        }

        ExecutorFacts toFacts(long endMs) {
            return new ExecutorFacts(id, host, cores, addedMs, removedMs > 0 ? removedMs : endMs, removeReason,
                    maxUnifiedMemory, peakHeap, peakExecution, peakStorage, peakRss, peakOffHeap);
        }
    }
}
