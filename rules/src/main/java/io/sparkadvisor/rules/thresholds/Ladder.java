package io.sparkadvisor.rules.thresholds;

import io.sparkadvisor.rules.advisor.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Dr. Elephant style severity ladder: rungs of rising severity, each a {@link Threshold}. A value
 * that reaches a rung takes its severity; one that reaches none takes {@code floor} (the severity
 * a finding has once its rule fired). Rising ladders count up (more spill is worse), falling ones
 * down (less CPU is worse). The rungs must stay in order whatever the overrides, which
 * {@link Thresholds} checks.
 */
public final class Ladder {
    private final Severity floor;
    private final boolean rising;
    private final List<Rung> rungs;

    private record Rung(Severity severity, Threshold threshold) {}

    private Ladder(Severity floor, boolean rising, List<Rung> rungs) {
        this.floor = floor;
        this.rising = rising;
        this.rungs = List.copyOf(rungs);
        for (int i = 1; i < rungs.size(); i++) {
            if (rungs.get(i).severity().compareTo(rungs.get(i - 1).severity()) <= 0) {
                throw new IllegalArgumentException("rungs must rise in severity: " + this);
            }
        }
        checkOrder(rungs.stream().map(r -> r.threshold().defaultValue()).toList(), "defaults");
    }

    /** low, medium and high rungs; below low is {@link Severity#INFO}. */
    public static Ladder rising(Threshold low, Threshold medium, Threshold high) {
        return new Ladder(Severity.INFO, true, List.of(new Rung(Severity.LOW, low), new Rung(Severity.MEDIUM, medium),
                new Rung(Severity.HIGH, high)));
    }

    /** A rule that fires at medium, high from {@code high} up. */
    public static Ladder mediumThenHigh(Threshold high) {
        return new Ladder(Severity.MEDIUM, true, List.of(new Rung(Severity.HIGH, high)));
    }

    /** A rule that fires at medium, high from {@code high} down. */
    public static Ladder mediumThenHighBelow(Threshold high) {
        return new Ladder(Severity.MEDIUM, false, List.of(new Rung(Severity.HIGH, high)));
    }

    /** A rule whose findings are always medium. */
    public static Ladder medium() {
        return new Ladder(Severity.MEDIUM, true, List.of());
    }

    public Severity of(Thresholds t, double value) {
        Severity severity = floor;
        for (Rung rung : rungs) {
            double bound = t.get(rung.threshold());
            if (rising ? value >= bound : value <= bound) {
                severity = rung.severity();
            }
        }
        return severity;
    }

    public List<Threshold> thresholds() {
        return rungs.stream().map(Rung::threshold).toList();
    }

    void checkOrder(Thresholds t) {
        checkOrder(rungs.stream().map(r -> t.get(r.threshold())).toList(), "values");
    }

    private void checkOrder(List<Double> bounds, String what) {
        List<Double> sorted = new ArrayList<>(bounds);
        sorted.sort(rising ? null : java.util.Comparator.reverseOrder());
        if (!sorted.equals(bounds)) {
            throw new ThresholdException("the severity ladder " + this + " is out of order (" + what + " " + bounds + "): each rung must "
                    + (rising ? "be at least" : "be at most") + " the one below it");
        }
    }

    @Override
    public String toString() {
        return rungs.stream().map(r -> r.severity().id() + " " + r.threshold().key()).collect(Collectors.joining(" < ", "[", "]"));
    }
}
