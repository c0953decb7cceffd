package io.sparkadvisor.knowledge.facts;

/**
 * A streaming query's trigger as its batches show it: the listener events do not name it.
 *
 * <ul>
 *   <li>{@link Kind#PROCESSING_TIME}: batches that waited for their trigger started on multiples of {@code intervalMs}
 *       (Spark's processing-time executor fires on multiples of the interval since the epoch).
 *   <li>{@link Kind#AVAILABLE_NOW}: Trigger.AvailableNow or Once: the batches ran back to back, none waited, and the
 *       query ended by itself without exception after its last batch, with no batch under way: a scheduled run.
 *   <li>{@link Kind#UNKNOWN}: neither shows, such as a continuous query whose batches overrun any interval.
 * </ul>
 *
 * @param intervalMs the processing-time interval; 0 otherwise
 * @param agreeing batches that fit the inference (waited batches on the interval; back-to-back batches)
 * @param judged batches the inference could judge: how sure it is is {@code agreeing / judged} of {@code judged}
 */
public record StreamingTrigger(Kind kind, long intervalMs, int agreeing, int judged) {

    public static final StreamingTrigger UNKNOWN = new StreamingTrigger(Kind.UNKNOWN, 0, 0, 0);

    public enum Kind { PROCESSING_TIME, AVAILABLE_NOW, UNKNOWN }

    /** Whether the query is meant to run until stopped: everything but a scheduled AvailableNow/Once run. */
    public boolean alwaysOn() {
        return kind != Kind.AVAILABLE_NOW;
    }

    /** The share of the judged batches that fit (0 when none could be judged). */
    public double support() {
        return judged > 0 ? (double) agreeing / judged : 0;
    }
}
