package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Optional;

/**
 * How much of the log was read: events parsed, task-end events, event types skipped because they
 * are unknown (vendor or newer Spark), whether the log ended mid-line (an application still
 * running), corrupt lines skipped (the first one's line number and reason kept for the message,
 * e.g. {@code events.log: Unexpected character ('_')}), and whether the application's start and end
 * are both in it ({@code missing} names what is not: "application start", "application end"), and the times
 * set aside because they disagree with the run's work by more than a month ({@code setAsideTimes}: an edited or
 * stitched log; the run is measured on the times that agree), and the {@code window} of a running log read only
 * in part (empty when every part was read for the whole log).
 */
public record Coverage(long events, long tasks, long unknownEvents, boolean truncated, long skippedLines,
        long firstSkippedLine, String firstSkippedReason, boolean complete, List<String> missing,
        SetAsideTimes setAsideTimes, Optional<Window> window) {
    public static final String APPLICATION_START = "application start";
    public static final String APPLICATION_END = "application end";

    public Coverage {
        firstSkippedReason = firstSkippedReason == null ? "" : firstSkippedReason;
        missing = missing == null ? List.of() : List.copyOf(missing);
        setAsideTimes = setAsideTimes == null ? SetAsideTimes.NONE : setAsideTimes; // facts saved before it was kept
        window = window == null ? Optional.empty() : window;
    }

    public Coverage(long events, long tasks, long unknownEvents, boolean truncated, long skippedLines, long firstSkippedLine,
            String firstSkippedReason, boolean complete, List<String> missing, SetAsideTimes setAsideTimes) {
        this(events, tasks, unknownEvents, truncated, skippedLines, firstSkippedLine, firstSkippedReason, complete, missing,
                setAsideTimes, Optional.empty());
    }

    public Coverage withWindow(Window read) {
        return new Coverage(events, tasks, unknownEvents, truncated, skippedLines, firstSkippedLine, firstSkippedReason,
                complete, missing, setAsideTimes, Optional.of(read));
    }

    /**
     * The part of a running application's delivered log that was read: the window asked for, {@code fromMs} to
     * {@code toMs} (epoch ms; the first part, with the application's start, is read whatever its time), {@code partsRead}
     * of the delivered parts opened and {@code partsSkipped} never opened, whether the log was still {@code running} (it
     * has no application end), and when the application started ({@code applicationStartMs}, -1 when the log does not
     * say): with parts skipped, the facts measure the run from the first part read after them, not from that start.
     */
    public record Window(long fromMs, long toMs, int partsRead, int partsSkipped, boolean running, long applicationStartMs) {
        public long lengthMs() {
            return toMs - fromMs;
        }
    }

    public Coverage(long events, long tasks, long unknownEvents, boolean truncated, long skippedLines, long firstSkippedLine,
            String firstSkippedReason, boolean complete, List<String> missing) {
        this(events, tasks, unknownEvents, truncated, skippedLines, firstSkippedLine, firstSkippedReason, complete, missing,
                SetAsideTimes.NONE, Optional.empty());
    }

    /** How many of the application's and executors' times were set aside, and the farthest of them from the work, in days. */
    public record SetAsideTimes(long count, long farthestDays) {
        public static final SetAsideTimes NONE = new SetAsideTimes(0, 0);

        public boolean any() {
            return count > 0;
        }
    }

    /** A whole log, read without a corrupt line. */
    public Coverage(long events, long tasks, long unknownEvents, boolean truncated) {
        this(events, tasks, unknownEvents, truncated, 0, 0, "", true, List.of(), SetAsideTimes.NONE, Optional.empty());
    }
}
