package io.sparkadvisor.rules.compare;

import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Puts one stage's time difference down to its causes. A stage's wall time is its task time spread over the tasks
 * that could run at once, plus the time lost to failed attempts, plus the time spent waiting on its longest task;
 * changing one of those at a time from the baseline's value to the run's, in this order, gives terms that add up to
 * the difference exactly: the baseline's work scaled by the run's input (input), over the run's parallelism (slots,
 * or partitions when tasks were fewer than slots), the run's task time for that work (task speed, or GC, spill or the
 * plan when those explain it), failed attempts, and the wait on the longest task (skew, when the run's longest task is
 * far above its median). Pure: the same two stages give the same parts.
 */
final class StageAttribution {
    static final String MESSAGES = "compare";

    /** The limits a term must pass to count as input (a ratio and a time), skew or spill. */
    record Limits(double inputRatio, long minInputMs, double skewRatio, long spillGrowthBytes) {}

    private StageAttribution() {}

    /**
     * The parts of a matched stage's difference, on its own wall time. Terms against the difference (tasks that ran
     * faster per record in a run that read three times the records) offset the others: the terms along the difference
     * share it in proportion, and the offsets are named beside the largest of them.
     */
    static List<Part> of(StageWork b, StageWork r, Limits limits) {
        double ratio = inputTimes(b, r, limits.inputRatio());
        double times = Math.abs(b.taskMs() * (ratio - 1) / b.parallelism()) >= limits.minInputMs() ? ratio : 1;
        double scaledTaskMs = b.taskMs() * times;
        Map<String, Object> v = values(b, r, times, scaledTaskMs);
        List<Part> terms = new ArrayList<>();
        add(terms, CauseKind.INPUT, r, (scaledTaskMs - b.taskMs()) / b.parallelism(), "input", v);
        boolean fewerTasks = r.tasks() != b.tasks() && (r.tasks() < r.slots() || b.tasks() < b.slots());
        add(terms, fewerTasks ? CauseKind.PARTITIONS : CauseKind.SLOTS, r,
                scaledTaskMs / r.parallelism() - scaledTaskMs / b.parallelism(), fewerTasks ? "partitions" : "slots", v);
        speed(terms, b, r, (r.taskMs() - scaledTaskMs) / r.parallelism(), times, limits, v);
        add(terms, CauseKind.TASK_FAILURES, r, r.failedWallMs() - b.failedWallMs(), "taskFailures", v);
        double uneven = r.unevenMs() - b.unevenMs();
        boolean skewed = r.maxOverMedian() >= limits.skewRatio() && r.maxOverMedian() > b.maxOverMedian()
                || b.maxOverMedian() >= limits.skewRatio() && b.maxOverMedian() > r.maxOverMedian();
        if (skewed) {
            add(terms, CauseKind.SKEW, r, uneven, "longestTaskWait", v);
        }
        double delta = r.wallMs() - b.wallMs();
        double unattributed = skewed ? 0 : uneven; // waiting on the longest task without skew: scheduling, not a cause
        return shared(terms, delta, unattributed);
    }

    /** The terms along {@code delta} share it in proportion (with the unattributed rest); the others are offsets. */
    private static List<Part> shared(List<Part> terms, double delta, double unattributed) {
        double along = terms.stream().filter(t -> t.ms() * delta > 0).mapToDouble(Part::ms).sum()
                + (unattributed * delta > 0 ? unattributed : 0);
        if (delta == 0 || along == 0) {
            return List.of();
        }
        double factor = delta / along;
        List<Part> out = new ArrayList<>(terms.stream().filter(t -> t.ms() * delta > 0).map(t -> t.scaled(factor)).toList());
        List<String> offsets = terms.stream().filter(t -> t.ms() * delta < 0).map(Part::arithmetic).toList();
        if (!offsets.isEmpty() && !out.isEmpty()) {
            Part largest = out.stream().max(java.util.Comparator.comparingDouble(p -> Math.abs(p.ms()))).orElseThrow();
            out.set(out.indexOf(largest), new Part(largest.kind(), largest.stageId(), largest.ms(), text("offsets",
                    Map.of("arithmetic", largest.arithmetic(), "counted", signed(largest.ms()), "offsets", String.join("; ", offsets)))));
        }
        return out;
    }

    /** A stage the run added (positive) or dropped (negative): all its share of the run goes to the plan. */
    static Part replanned(StageWork stage, boolean added) {
        Map<String, Object> v = Map.of("stage", stage.stageId(), "operators", String.join(", ", stage.signature().operators()),
                "delta", signed(added ? stage.shareMs() : -stage.shareMs()));
        return new Part(CauseKind.PLAN, stage.stageId(), added ? stage.shareMs() : -stage.shareMs(),
                text(added ? "stageAdded" : "stageDropped", v));
    }

    /** The tasks' time beyond the baseline's for the same work: GC, then spill or a changed plan, else task speed. */
    private static void speed(List<Part> out, StageWork b, StageWork r, double speed, double times, Limits limits,
            Map<String, Object> v) {
        Set<String> added = new TreeSet<>(r.signature().operators());
        added.removeAll(b.signature().operators());
        Set<String> dropped = new TreeSet<>(b.signature().operators());
        dropped.removeAll(r.signature().operators());
        if (!added.isEmpty() || !dropped.isEmpty()) {
            v.put("added", added.isEmpty() ? "none" : String.join(", ", added));
            v.put("dropped", dropped.isEmpty() ? "none" : String.join(", ", dropped));
            add(out, CauseKind.PLAN, r, speed, "stageReplanned", v);
            return;
        }
        double gc = speed > 0 ? Math.max(0, Math.min(speed, (r.gcMs() - b.gcMs() * times) / r.parallelism())) : 0;
        add(out, CauseKind.GC, r, gc, "gc", v);
        double rest = speed - gc;
        boolean spilled = r.spillBytes() - b.spillBytes() * times >= limits.spillGrowthBytes();
        add(out, rest > 0 && spilled ? CauseKind.SPILL : CauseKind.TASK_SPEED, r, rest, rest > 0 && spilled ? "spilledTasks" : "taskSpeed", v);
    }

    /** The run's records over the baseline's (bytes where no records were counted), 1 when within the ratio. */
    static double inputTimes(StageWork b, StageWork r, double ratio) {
        double times = b.records() > 0 && r.records() > 0 ? (double) r.records() / b.records()
                : b.bytes() > 0 && r.bytes() > 0 ? (double) r.bytes() / b.bytes() : 1;
        return Math.max(times, 1 / times) > ratio ? times : 1;
    }

    private static void add(List<Part> out, CauseKind kind, StageWork r, double ms, String template, Map<String, Object> v) {
        if (Math.round(ms) != 0) {
            v.put("delta", signed(ms));
            out.add(new Part(kind, r.stageId(), ms, text(template, v)));
        }
    }

    private static Map<String, Object> values(StageWork b, StageWork r, double times, double scaledTaskMs) {
        Map<String, Object> v = new HashMap<>();
        v.put("stage", r.stageId());
        v.put("records", count(r.records() > 0 ? r.records() : r.bytes(), r.records() > 0));
        v.put("baseRecords", count(b.records() > 0 ? b.records() : b.bytes(), b.records() > 0));
        v.put("times", Format.decimals(times, 2) + "x");
        v.put("slower", Format.decimals(scaledTaskMs <= 0 ? 1 : r.taskMs() / scaledTaskMs, 2) + "x");
        v.put("baseTaskMs", Format.duration(Math.round(times == 1 ? b.taskMs() : scaledTaskMs)));
        v.put("taskMs", Format.duration(r.taskMs()));
        v.put("tasks", r.tasks());
        v.put("baseTasks", b.tasks());
        v.put("slots", Format.decimals(r.slots(), 1));
        v.put("baseSlots", Format.decimals(b.slots(), 1));
        v.put("parallelism", Format.decimals(r.parallelism(), 1));
        v.put("baseParallelism", Format.decimals(b.parallelism(), 1));
        v.put("maxTask", Format.duration(r.maxTaskMs()));
        v.put("ratio", Format.decimals(r.maxOverMedian(), 1) + "x");
        v.put("baseRatio", Format.decimals(b.maxOverMedian(), 1) + "x");
        v.put("uneven", Format.duration(Math.round(Math.max(0, r.unevenMs()))));
        v.put("baseUneven", Format.duration(Math.round(Math.max(0, b.unevenMs()))));
        v.put("spilled", Format.bytes(r.spillBytes()));
        v.put("baseSpilled", Format.bytes(b.spillBytes()));
        v.put("gc", Format.duration(r.gcMs()));
        v.put("baseGc", Format.duration(Math.round(b.gcMs() * times)));
        v.put("failed", Format.duration(r.failedMs()));
        v.put("baseFailed", Format.duration(b.failedMs()));
        return v;
    }

    private static String count(long n, boolean records) {
        return records ? String.format(java.util.Locale.ROOT, "%,d records", n) : Format.bytes(n);
    }

    static String signed(double ms) {
        return Format.signedDuration(Math.round(ms));
    }

    static String text(String name, Map<String, Object> values) {
        return Messages.of(MESSAGES, values).text(name);
    }
}
