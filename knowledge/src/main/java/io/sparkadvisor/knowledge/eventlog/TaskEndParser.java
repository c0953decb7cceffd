package io.sparkadvisor.knowledge.eventlog;

import static io.sparkadvisor.knowledge.facts.TaskMetric.*;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.io.IOException;

/**
 * Streams the fields of a task-end event straight off the token stream. Task ends are nearly every
 * event of a large log, so this path builds no tree and skips what the facts do not use (the
 * per-task accumulator updates, updated blocks, stack traces).
 */
final class TaskEndParser {
    private static final long NANOS_PER_MS = 1_000_000;
    private static final FieldOrder EVENT = new FieldOrder("Stage ID", "Stage Attempt ID", "Task Type", "Task End Reason",
            "Task Info", "Task Executor Metrics", "Task Metrics");
    private static final FieldOrder REASON = new FieldOrder("Reason");
    private static final FieldOrder INFO = new FieldOrder("Task ID", "Index", "Attempt", "Partition ID", "Launch Time",
            "Executor ID", "Host", "Locality", "Speculative", "Getting Result Time", "Finish Time", "Failed", "Killed", "Accumulables");
    private static final FieldOrder EXECUTOR_METRICS = new FieldOrder("JVMHeapMemory", "JVMOffHeapMemory", "OnHeapExecutionMemory",
            "OffHeapExecutionMemory", "OnHeapStorageMemory", "OffHeapStorageMemory", "OnHeapUnifiedMemory", "OffHeapUnifiedMemory",
            "DirectPoolMemory", "MappedPoolMemory", "ProcessTreeJVMVMemory", "ProcessTreeJVMRSSMemory", "ProcessTreePythonVMemory",
            "ProcessTreePythonRSSMemory", "ProcessTreeOtherVMemory", "ProcessTreeOtherRSSMemory", "MinorGCCount", "MinorGCTime",
            "MajorGCCount", "MajorGCTime", "TotalGCTime");
    private static final FieldOrder METRICS = new FieldOrder("Executor Deserialize Time", "Executor Deserialize CPU Time",
            "Executor Run Time", "Executor CPU Time", "Peak Execution Memory", "Result Size", "JVM GC Time",
            "Result Serialization Time", "Memory Bytes Spilled", "Disk Bytes Spilled", "Shuffle Read Metrics",
            "Shuffle Write Metrics", "Input Metrics", "Output Metrics", "Updated Blocks");
    private static final FieldOrder SHUFFLE_READ = new FieldOrder("Remote Blocks Fetched", "Local Blocks Fetched", "Fetch Wait Time",
            "Remote Bytes Read", "Remote Bytes Read To Disk", "Local Bytes Read", "Total Records Read", "Remote Requests Duration",
            "Push Based Shuffle");
    private static final FieldOrder SHUFFLE_WRITE = new FieldOrder("Shuffle Bytes Written", "Shuffle Write Time", "Shuffle Records Written");
    private static final FieldOrder INPUT = new FieldOrder("Bytes Read", "Records Read");
    private static final FieldOrder OUTPUT = new FieldOrder("Bytes Written", "Records Written");

    private TaskEndParser() {}

    /** Reads the rest of the event object (the "Event" field is consumed) into {@code task}. */
    static void parse(JsonParser p, TaskEnd task) throws IOException {
        task.reset();
        FieldOrder.Cursor names = EVENT.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "Stage ID" -> task.stageId = p.getIntValue();
                case "Stage Attempt ID" -> task.stageAttemptId = p.getIntValue();
                case "Task End Reason" -> reason(p, task);
                case "Task Info" -> info(p, task);
                case "Task Executor Metrics" -> executorMetrics(p, task);
                case "Task Metrics" -> metrics(p, task);
                default -> skip(p, value);
            }
        }
    }

    private static void reason(JsonParser p, TaskEnd task) throws IOException {
        FieldOrder.Cursor names = REASON.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "Reason" -> task.reason = p.getText();
                case "Class Name" -> task.exceptionClass = p.getText();
                case "Exit Caused By App" -> task.exitCausedByApp = p.getBooleanValue();
                case "Description", "Loss Reason", "Kill Reason", "Message" -> {
                    if (value == JsonToken.VALUE_STRING && task.failureMessage.isEmpty()) {
                        task.failureMessage = p.getText();
                    }
                }
                default -> skip(p, value);
            }
        }
    }

    private static void info(JsonParser p, TaskEnd task) throws IOException {
        FieldOrder.Cursor names = INFO.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "Index" -> task.index = p.getIntValue();
                case "Launch Time" -> task.launchMs = p.getLongValue();
                case "Finish Time" -> task.finishMs = p.getLongValue();
                case "Executor ID" -> task.executorId = p.getText();
                case "Speculative" -> task.speculative = p.getBooleanValue();
                default -> skip(p, value);
            }
        }
    }

    private static void executorMetrics(JsonParser p, TaskEnd task) throws IOException {
        FieldOrder.Cursor names = EXECUTOR_METRICS.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "JVMHeapMemory" -> task.peakJvmHeap = p.getLongValue();
                case "OnHeapExecutionMemory" -> task.peakOnHeapExecution = p.getLongValue();
                case "OnHeapStorageMemory" -> task.peakOnHeapStorage = p.getLongValue();
                case "ProcessTreeJVMRSSMemory" -> task.peakProcessRss = p.getLongValue();
                default -> skip(p, value);
            }
        }
    }

    private static void metrics(JsonParser p, TaskEnd task) throws IOException {
        long[] m = task.metrics;
        FieldOrder.Cursor names = METRICS.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "Executor Deserialize Time" -> m[DESERIALIZE_TIME.ordinal()] = p.getLongValue();
                case "Executor Run Time" -> m[EXECUTOR_RUN_TIME.ordinal()] = p.getLongValue();
                case "Executor CPU Time" -> m[EXECUTOR_CPU_TIME.ordinal()] = p.getLongValue() / NANOS_PER_MS;
                case "Peak Execution Memory" -> m[PEAK_EXECUTION_MEMORY.ordinal()] = p.getLongValue();
                case "JVM GC Time" -> m[JVM_GC_TIME.ordinal()] = p.getLongValue();
                case "Memory Bytes Spilled" -> m[MEMORY_BYTES_SPILLED.ordinal()] = p.getLongValue();
                case "Disk Bytes Spilled" -> m[DISK_BYTES_SPILLED.ordinal()] = p.getLongValue();
                case "Shuffle Read Metrics" -> shuffleRead(p, m);
                case "Shuffle Write Metrics" -> pair(p, SHUFFLE_WRITE, m, "Shuffle Bytes Written", SHUFFLE_WRITE_BYTES,
                        "Shuffle Records Written", SHUFFLE_WRITE_RECORDS, "Shuffle Write Time", SHUFFLE_WRITE_TIME);
                case "Input Metrics" -> pair(p, INPUT, m, "Bytes Read", INPUT_BYTES, "Records Read", INPUT_RECORDS, null, null);
                case "Output Metrics" -> pair(p, OUTPUT, m, "Bytes Written", OUTPUT_BYTES, "Records Written", OUTPUT_RECORDS,
                        null, null);
                default -> skip(p, value);
            }
        }
    }

    private static void shuffleRead(JsonParser p, long[] m) throws IOException {
        FieldOrder.Cursor names = SHUFFLE_READ.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            switch (field) {
                case "Remote Bytes Read", "Local Bytes Read" -> m[SHUFFLE_READ_BYTES.ordinal()] += p.getLongValue();
                case "Total Records Read" -> m[SHUFFLE_READ_RECORDS.ordinal()] = p.getLongValue();
                case "Fetch Wait Time" -> m[SHUFFLE_FETCH_WAIT_TIME.ordinal()] = p.getLongValue();
                default -> skip(p, value);
            }
        }
    }

    /** An object of up to three numeric fields of interest; a time named here is in nanoseconds. */
    private static void pair(JsonParser p, FieldOrder order, long[] m, String a, TaskMetric ma, String b, TaskMetric mb, String nanos,
            TaskMetric mn) throws IOException {
        FieldOrder.Cursor names = order.start();
        String field;
        while ((field = names.nextFieldName(p)) != null) {
            JsonToken value = p.nextToken();
            if (field.equals(a)) {
                m[ma.ordinal()] = p.getLongValue();
            } else if (field.equals(b)) {
                m[mb.ordinal()] = p.getLongValue();
            } else if (field.equals(nanos)) {
                m[mn.ordinal()] = p.getLongValue() / NANOS_PER_MS;
            } else {
                skip(p, value);
            }
        }
    }

    private static void skip(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
            p.skipChildren();
        }
    }
}
