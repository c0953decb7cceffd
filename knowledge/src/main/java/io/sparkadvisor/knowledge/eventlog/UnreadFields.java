package io.sparkadvisor.knowledge.eventlog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The members of an event whose values no fact reads, by event type, as a tree of field names:
 * the {@link LineSkimmer} cuts them before Jackson reads the line. Task ends carry most of a log's
 * bytes in their per-task accumulator updates, which nothing reads (SQL metric values come from
 * the stage-level Accumulables of stage completions and from driver updates). Events the reader
 * skips whole (task starts, block updates, unknown types) are {@link #SKIPPED_EVENT} or
 * {@link #UNKNOWN_EVENT}: nothing of them is read but their type.
 * A reader that starts to use one of these fields must take it off this list; the differential
 * test ({@code SkimmerDifferentialTest}) fails on every corpus log that carries it otherwise.
 */
final class UnreadFields {
    /** A leaf: the member's value is not read. */
    private static final UnreadFields UNREAD = new UnreadFields(List.of(), List.of());
    /** The leaf of an event's last path in Spark's order of members: after it, nothing is left to cut. */
    private static final UnreadFields UNREAD_LAST = new UnreadFields(List.of(), List.of());
    /** An event of a type Spark writes and the reader skips. */
    static final UnreadFields SKIPPED_EVENT = new UnreadFields(List.of(), List.of());
    /** An event of a type the reader does not know (it counts them). */
    static final UnreadFields UNKNOWN_EVENT = new UnreadFields(List.of(), List.of());
    private static final byte[] TASK_END = EventTypes.TASK_END.getBytes(StandardCharsets.US_ASCII);
    // Paths in the order Spark writes the members, so that the walk stops at the last one.
    static final UnreadFields OF_TASK_END = paths("Task End Reason/Stack Trace",
            "Task End Reason/Accumulator Updates", "Task Info/Accumulables");
    private static final Map<String, UnreadFields> OF_OTHER_USED = Map.of(
            "SparkListenerJobStart", paths("Stage Infos"),
            "SparkListenerStageSubmitted", paths("Stage Info/RDD Info", "Properties"),
            "SparkListenerStageCompleted", paths("Stage Info/RDD Info"),
            "SparkListenerEnvironmentUpdate", paths("JVM Information", "Hadoop Properties", "System Properties",
                    "Metrics Properties", "Classpath Entries"),
            "SparkListenerExecutorMetricsUpdate", paths("Metrics Updated"));

    private final List<byte[]> names;
    private final List<UnreadFields> children;

    private UnreadFields(List<byte[]> names, List<UnreadFields> children) {
        this.names = names;
        this.children = children;
    }

    /** What is unread in an event of the type spelled by these bytes (no escapes); null when everything is read. */
    static UnreadFields ofType(byte[] b, int from, int to) {
        if (Arrays.equals(b, from, to, TASK_END, 0, TASK_END.length)) {
            return OF_TASK_END;
        }
        String type = new String(b, from, to - from, StandardCharsets.UTF_8);
        UnreadFields used = OF_OTHER_USED.get(type);
        if (used != null || EventTypes.USED.contains(type)) {
            return used;
        }
        return EventTypes.isIgnored(type) ? SKIPPED_EVENT : UNKNOWN_EVENT;
    }

    /** The member named by these bytes (no escapes): its unread subtree, {@link #isUnread()} itself, or null. */
    UnreadFields member(byte[] b, int from, int to) {
        for (int i = 0; i < names.size(); i++) {
            byte[] name = names.get(i);
            if (Arrays.equals(b, from, to, name, 0, name.length)) {
                return children.get(i);
            }
        }
        return null;
    }

    boolean isUnread() {
        return this == UNREAD || this == UNREAD_LAST;
    }

    /** Whether this leaf ends the event's paths: no later member is cut. */
    boolean isLast() {
        return this == UNREAD_LAST;
    }

    /** A tree from slash-separated member paths, the last one marked. */
    private static UnreadFields paths(String... paths) {
        return tree(List.of(paths), paths[paths.length - 1]);
    }

    private static UnreadFields tree(List<String> paths, String last) {
        Map<String, List<String>> rest = new HashMap<>();
        List<String> order = new ArrayList<>();
        String lastLeaf = null;
        String lastBranch = last.indexOf('/') < 0 ? null : last.substring(0, last.indexOf('/'));
        for (String path : paths) {
            int slash = path.indexOf('/');
            String head = slash < 0 ? path : path.substring(0, slash);
            if (!rest.containsKey(head)) {
                order.add(head);
                rest.put(head, new ArrayList<>());
            }
            if (slash >= 0) {
                rest.get(head).add(path.substring(slash + 1));
            } else if (path.equals(last)) {
                lastLeaf = head;
            }
        }
        List<byte[]> names = new ArrayList<>();
        List<UnreadFields> children = new ArrayList<>();
        for (String head : order) {
            names.add(head.getBytes(StandardCharsets.UTF_8));
            List<String> below = rest.get(head);
            children.add(!below.isEmpty() ? tree(below, head.equals(lastBranch) ? last.substring(head.length() + 1) : "")
                    : head.equals(lastLeaf) ? UNREAD_LAST : UNREAD);
        }
        return new UnreadFields(List.copyOf(names), List.copyOf(children));
    }
}
