package io.sparkadvisor.knowledge.eventlog;

import static io.sparkadvisor.knowledge.facts.TaskMetric.*;

import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What the facts read of a task-end event, object by object, with the members of each in the order
 * Spark's JsonProtocol writes them (members nothing reads are listed too, so that a reader can
 * expect the next name). Both task-end readers follow it, {@link TaskEndParser} over Jackson's
 * tokens and {@link TaskEndBytes} over the line's bytes, so they cannot read different fields.
 */
final class TaskEndFields {
    static final long NANOS_PER_MS = 1_000_000;

    /** How a member's value is taken. */
    enum Kind {
        /** Not read: only its place in the order. */
        UNREAD,
        INT,
        LONG,
        /** A long in nanoseconds, kept in milliseconds. */
        NANOS,
        /** A long added to what is there: two members feed one metric. */
        SUM,
        BOOLEAN,
        TEXT,
        /** A failure's message: the first string among these members; a value of another kind is not read. */
        MESSAGE,
        /** An object of its own members. */
        OBJECT
    }

    /** Where a member's value goes: a field of {@link TaskEnd}, or its {@code metrics} ({@link #METRIC}). */
    enum Slot {
        NONE, METRIC, STAGE_ID, STAGE_ATTEMPT_ID, INDEX, LAUNCH_TIME, FINISH_TIME, EXECUTOR_ID, SPECULATIVE, REASON,
        EXCEPTION_CLASS, FAILURE_MESSAGE, EXIT_CAUSED_BY_APP, PEAK_JVM_HEAP, PEAK_ON_HEAP_EXECUTION, PEAK_ON_HEAP_STORAGE,
        PEAK_PROCESS_RSS, PEAK_OFF_HEAP_UNIFIED
    }

    /** One member; {@code metric} for {@link Slot#METRIC}, {@code object} the members of an {@link Kind#OBJECT}. */
    record Member(String name, byte[] bytes, Kind kind, Slot slot, TaskMetric metric, TaskEndFields object) {
        /** Takes an INT, LONG, NANOS (already in ms), SUM or BOOLEAN (1 or 0) value. */
        void number(TaskEnd t, long v) {
            switch (slot) {
                case METRIC -> t.metrics[metric.ordinal()] = kind == Kind.SUM ? t.metrics[metric.ordinal()] + v : v;
                case STAGE_ID -> t.stageId = (int) v;
                case STAGE_ATTEMPT_ID -> t.stageAttemptId = (int) v;
                case INDEX -> t.index = (int) v;
                case LAUNCH_TIME -> t.launchMs = v;
                case FINISH_TIME -> t.finishMs = v;
                case SPECULATIVE -> t.speculative = v != 0;
                case EXIT_CAUSED_BY_APP -> t.exitCausedByApp = v != 0;
                case PEAK_JVM_HEAP -> t.peakJvmHeap = v;
                case PEAK_ON_HEAP_EXECUTION -> t.peakOnHeapExecution = v;
                case PEAK_ON_HEAP_STORAGE -> t.peakOnHeapStorage = v;
                case PEAK_PROCESS_RSS -> t.peakProcessRss = v;
                case PEAK_OFF_HEAP_UNIFIED -> t.peakOffHeapUnified = v;
                default -> throw new IllegalStateException(name + " takes no number");
            }
        }

        /** Takes a TEXT or MESSAGE value. */
        void text(TaskEnd t, String s) {
            switch (slot) {
                case EXECUTOR_ID -> t.executorId = s;
                case REASON -> t.reason = s;
                case EXCEPTION_CLASS -> t.exceptionClass = s;
                case FAILURE_MESSAGE -> t.failureMessage = t.failureMessage.isEmpty() ? s : t.failureMessage;
                default -> throw new IllegalStateException(name + " takes no text");
            }
        }
    }

    private static final TaskEndFields REASON = new TaskEndFields(text("Reason", Slot.REASON),
            text("Class Name", Slot.EXCEPTION_CLASS), message("Description"), unread("Stack Trace"),
            unread("Full Stack Trace"), unread("Accumulator Updates"), flag("Exit Caused By App", Slot.EXIT_CAUSED_BY_APP),
            message("Loss Reason"), message("Kill Reason"), message("Message"));
    private static final TaskEndFields INFO = new TaskEndFields(unread("Task ID"), number("Index", Kind.INT, Slot.INDEX),
            unread("Attempt"), unread("Partition ID"), number("Launch Time", Kind.LONG, Slot.LAUNCH_TIME),
            text("Executor ID", Slot.EXECUTOR_ID), unread("Host"), unread("Locality"),
            flag("Speculative", Slot.SPECULATIVE), unread("Getting Result Time"),
            number("Finish Time", Kind.LONG, Slot.FINISH_TIME), unread("Failed"), unread("Killed"), unread("Accumulables"));
    private static final TaskEndFields EXECUTOR_METRICS = new TaskEndFields(number("JVMHeapMemory", Kind.LONG, Slot.PEAK_JVM_HEAP),
            unread("JVMOffHeapMemory"), number("OnHeapExecutionMemory", Kind.LONG, Slot.PEAK_ON_HEAP_EXECUTION),
            unread("OffHeapExecutionMemory"), number("OnHeapStorageMemory", Kind.LONG, Slot.PEAK_ON_HEAP_STORAGE),
            unread("OffHeapStorageMemory"), unread("OnHeapUnifiedMemory"),
            number("OffHeapUnifiedMemory", Kind.LONG, Slot.PEAK_OFF_HEAP_UNIFIED), unread("DirectPoolMemory"),
            unread("MappedPoolMemory"), unread("ProcessTreeJVMVMemory"),
            number("ProcessTreeJVMRSSMemory", Kind.LONG, Slot.PEAK_PROCESS_RSS), unread("ProcessTreePythonVMemory"),
            unread("ProcessTreePythonRSSMemory"), unread("ProcessTreeOtherVMemory"), unread("ProcessTreeOtherRSSMemory"),
            unread("MinorGCCount"), unread("MinorGCTime"), unread("MajorGCCount"), unread("MajorGCTime"), unread("TotalGCTime"));
    private static final TaskEndFields SHUFFLE_READ = new TaskEndFields(unread("Remote Blocks Fetched"), unread("Local Blocks Fetched"),
            metric("Fetch Wait Time", SHUFFLE_FETCH_WAIT_TIME), summed("Remote Bytes Read", SHUFFLE_READ_BYTES),
            unread("Remote Bytes Read To Disk"), summed("Local Bytes Read", SHUFFLE_READ_BYTES),
            metric("Total Records Read", SHUFFLE_READ_RECORDS), unread("Remote Requests Duration"), unread("Push Based Shuffle"));
    private static final TaskEndFields SHUFFLE_WRITE = new TaskEndFields(metric("Shuffle Bytes Written", SHUFFLE_WRITE_BYTES),
            nanos("Shuffle Write Time", SHUFFLE_WRITE_TIME), metric("Shuffle Records Written", SHUFFLE_WRITE_RECORDS));
    private static final TaskEndFields INPUT = new TaskEndFields(metric("Bytes Read", INPUT_BYTES), metric("Records Read", INPUT_RECORDS));
    private static final TaskEndFields OUTPUT = new TaskEndFields(metric("Bytes Written", OUTPUT_BYTES),
            metric("Records Written", OUTPUT_RECORDS));
    private static final TaskEndFields METRICS = new TaskEndFields(metric("Executor Deserialize Time", DESERIALIZE_TIME),
            unread("Executor Deserialize CPU Time"), metric("Executor Run Time", EXECUTOR_RUN_TIME),
            nanos("Executor CPU Time", EXECUTOR_CPU_TIME), metric("Peak Execution Memory", PEAK_EXECUTION_MEMORY),
            unread("Result Size"), metric("JVM GC Time", JVM_GC_TIME), unread("Result Serialization Time"),
            metric("Memory Bytes Spilled", MEMORY_BYTES_SPILLED), metric("Disk Bytes Spilled", DISK_BYTES_SPILLED),
            object("Shuffle Read Metrics", SHUFFLE_READ), object("Shuffle Write Metrics", SHUFFLE_WRITE),
            object("Input Metrics", INPUT), object("Output Metrics", OUTPUT), unread("Updated Blocks"));
    /** The event's members after "Event". */
    static final TaskEndFields EVENT = new TaskEndFields(number("Stage ID", Kind.INT, Slot.STAGE_ID),
            number("Stage Attempt ID", Kind.INT, Slot.STAGE_ATTEMPT_ID), unread("Task Type"),
            object("Task End Reason", REASON), object("Task Info", INFO), object("Task Executor Metrics", EXECUTOR_METRICS),
            object("Task Metrics", METRICS));

    private final Member[] members;
    private final Map<String, Member> byName = new HashMap<>();

    private TaskEndFields(Member... members) {
        this.members = members;
        for (Member member : members) {
            byName.put(member.name, member);
        }
    }

    /** The member with this name, or null. */
    Member member(String name) {
        return byName.get(name);
    }

    Member member(int at) {
        return members[at];
    }

    /**
     * Whether the member at {@code expected} is named next: {@code from} is just after a quote;
     * @return the index of the closing quote when it is, else -1. Its name is a plain ASCII string, so
     *     bytes equal to it need no further check.
     */
    int expectedNameEnd(byte[] b, int from, int to, int expected) {
        if (expected >= members.length) {
            return -1;
        }
        byte[] name = members[expected].bytes;
        int end = from + name.length;
        return end < to && b[end] == '"' && Arrays.equals(b, from, end, name, 0, name.length) ? end : -1;
    }

    /** The member whose name is these bytes (no escapes); -1 when none is. */
    int find(byte[] b, int from, int to) {
        for (int k = 0; k < members.length; k++) {
            byte[] name = members[k].bytes;
            if (name.length == to - from && Arrays.equals(b, from, to, name, 0, name.length)) {
                return k;
            }
        }
        return -1;
    }

    private static Member member(String name, Kind kind, Slot slot, TaskMetric metric, TaskEndFields object) {
        return new Member(name, name.getBytes(StandardCharsets.UTF_8), kind, slot, metric, object);
    }

    private static Member unread(String name) {
        return member(name, Kind.UNREAD, Slot.NONE, null, null);
    }

    private static Member number(String name, Kind kind, Slot slot) {
        return member(name, kind, slot, null, null);
    }

    private static Member metric(String name, TaskMetric metric) {
        return member(name, Kind.LONG, Slot.METRIC, metric, null);
    }

    private static Member nanos(String name, TaskMetric metric) {
        return member(name, Kind.NANOS, Slot.METRIC, metric, null);
    }

    private static Member summed(String name, TaskMetric metric) {
        return member(name, Kind.SUM, Slot.METRIC, metric, null);
    }

    private static Member flag(String name, Slot slot) {
        return member(name, Kind.BOOLEAN, slot, null, null);
    }

    private static Member text(String name, Slot slot) {
        return member(name, Kind.TEXT, slot, null, null);
    }

    private static Member message(String name) {
        return member(name, Kind.MESSAGE, Slot.FAILURE_MESSAGE, null, null);
    }

    private static Member object(String name, TaskEndFields members) {
        return member(name, Kind.OBJECT, Slot.NONE, null, members);
    }
}
