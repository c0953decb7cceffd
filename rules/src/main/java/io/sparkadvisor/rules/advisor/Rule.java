package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * One rule as a unit, in the style of a Dr. Elephant heuristic: its id and layer, how its evidence
 * is computed from the facts, how its advice is computed for a diagnosis, its thresholds and
 * severity ladders, and the chart that illustrates it. Its decision lives in the DRL beside the
 * evidence ({@link #drl()}), its wording in {@link #messagesFile()}. {@link Rules#ALL} lists them all.
 * {@code reliabilityRisk}: its findings are about a run that may fail, so they keep their severity whatever their
 * saving, and its advice says what is at risk ({@link Remedy#atRisk}); every other rule's severity is capped by what its
 * saving puts at stake ({@link Stake}).
 */
public record Rule<E extends Record & Evidence>(String id, Layer layer, Class<E> evidenceType, Collector<E> collector,
        Adviser<E> adviser, List<Threshold> thresholds, List<Ladder> ladders, FindingChart chart, boolean reliabilityRisk) {

    /** Computes a rule's evidence records from a run (one per stage, scan, ... it judges). */
    @FunctionalInterface
    public interface Collector<E> {
        List<E> collect(RunView run, Thresholds t);
    }

    /** Computes the remedy for one diagnosis of the rule's evidence. */
    @FunctionalInterface
    public interface Adviser<E> {
        Remedy advise(E evidence, Diagnosis diagnosis, Thresholds t);
    }

    /** A rule about cost: medium and high need a saving worth the run's stake. */
    public Rule(String id, Layer layer, Class<E> evidenceType, Collector<E> collector, Adviser<E> adviser,
            List<Threshold> thresholds, List<Ladder> ladders, FindingChart chart) {
        this(id, layer, evidenceType, collector, adviser, thresholds, ladders, chart, false);
    }

    public Rule {
        thresholds = List.copyOf(thresholds);
        ladders = List.copyOf(ladders);
    }

    /** The decision: {@code <evidence package>/<id>.drl} on the classpath. */
    public String drl() {
        return evidenceType.getPackageName().replace('.', '/') + "/" + id + ".drl";
    }

    public String messagesFile() {
        return "messages/" + id + ".yaml";
    }

    List<E> collect(RunView run, Thresholds t) {
        return collector.collect(run, t);
    }

    Remedy advise(Diagnosis d, Thresholds t) {
        return adviser.advise(evidenceType.cast(d.evidence()), d, t);
    }
}
