package io.sparkadvisor.rules.compare;

/**
 * A share of one stage's time difference (or of the time outside stages) put down to one cause, with the arithmetic
 * that gives it.
 *
 * @param stageId    the stage in the run (in the baseline for a stage the run dropped); -1 outside stages
 * @param ms         signed milliseconds: positive when the run took longer
 * @param arithmetic how the figure follows from the two runs' numbers
 */
public record Part(CauseKind kind, int stageId, double ms, String arithmetic) {

    Part scaled(double factor) {
        return new Part(kind, stageId, ms * factor, arithmetic);
    }
}
