package io.sparkadvisor.knowledge.derive;

import java.time.Duration;

/**
 * The times of a run's work (jobs, stages, tasks, SQL executions), against which the times of everything else are
 * judged: the application's start and end and the executors' comings and goings. A log edited or stitched together
 * from two runs (rapids-tools' test logs carry executors added 930 days after their jobs ran) would otherwise make a
 * run of minutes last years; such a time is set aside, counted, and the run measured on the times that agree.
 */
final class RunClock {
    /**
     * Further than this from all of the run's work, a time comes from another clock. An all-purpose cluster left
     * idle for weeks between its start and a job stays within it; two runs years apart do not.
     */
    static final Duration MAX_DISTANCE = Duration.ofDays(30);

    private long firstWorkMs = Long.MAX_VALUE;
    private long lastWorkMs = Long.MIN_VALUE;
    private long setAside;
    private long farthestMs;

    /** A time at which the run did work. Zero and negative times are Spark's "unknown". */
    void work(long timeMs) {
        if (timeMs > 0) {
            firstWorkMs = Math.min(firstWorkMs, timeMs);
            lastWorkMs = Math.max(lastWorkMs, timeMs);
        }
    }

    boolean hasWork() {
        return firstWorkMs != Long.MAX_VALUE;
    }

    long firstWorkMs() {
        return firstWorkMs;
    }

    long lastWorkMs() {
        return lastWorkMs;
    }

    /** Whether {@code timeMs} agrees with the work seen so far; before any work, every time does. */
    boolean agrees(long timeMs) {
        return distance(timeMs) <= MAX_DISTANCE.toMillis();
    }

    /** {@link #agrees}, counting a time that does not among those set aside (each time once: call it once per time). */
    boolean keep(long timeMs) {
        long distance = distance(timeMs);
        if (distance <= MAX_DISTANCE.toMillis()) {
            return true;
        }
        setAside++;
        farthestMs = Math.max(farthestMs, distance);
        return false;
    }

    /** How many times {@link #keep} set aside. */
    long setAside() {
        return setAside;
    }

    /** The largest distance from the work of a time set aside, in whole days. */
    long farthestDays() {
        return Duration.ofMillis(farthestMs).toDays();
    }

    private long distance(long timeMs) {
        if (!hasWork()) {
            return 0;
        }
        return timeMs < firstWorkMs ? firstWorkMs - timeMs : Math.max(0, timeMs - lastWorkMs);
    }
}
