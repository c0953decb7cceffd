package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_MIN_STAGE_SIMILARITY;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_STAGE_MATCH_MARGIN;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Finds a stage in another run of its job by what it does ({@link StageSignature}), not by its id: each completed
 * stage of that run is scored by a weighted similarity of the two signatures, and the best one is the same stage when
 * it is alike enough ({@code follow-up.minStageSimilarity}) and clearly ahead of the next ({@code follow-up.stageMatchMargin};
 * in a tie, the stage of the same shape and order, or of stages of one shape the one in the same order among them,
 * as a loop or a warm-up pass runs them).
 */
public final class StageMatcher {
    /**
     * What each part of the signature weighs: the operators that ran and the shuffles read say most of what a stage
     * does; the tables it reads tell apart stages of one shape over different data; the call site and the description
     * are shared by every stage of one action, so they only break ties between actions.
     */
    private static final List<Part> PARTS = List.of(
            new Part(3, s -> Set.copyOf(s.operators())),
            new Part(2, s -> tokens(s.reads())),
            new Part(1, s -> tokens(s.writes())),
            new Part(2, s -> Set.copyOf(s.tables())),
            new Part(1, s -> Set.of(s.callSite())),
            new Part(1, s -> Set.of(s.description())));
    private static final double TOTAL_WEIGHT = PARTS.stream().mapToDouble(Part::weight).sum();

    private final double minSimilarity;
    private final double margin;

    /** With the thresholds' defaults, built on first use. */
    public static StageMatcher defaults() {
        return Defaults.MATCHER;
    }

    private static final class Defaults {
        static final StageMatcher MATCHER = new StageMatcher(Thresholds.defaults());
    }

    public StageMatcher(Thresholds t) {
        this.minSimilarity = t.get(FOLLOW_UP_MIN_STAGE_SIMILARITY);
        this.margin = t.get(FOLLOW_UP_STAGE_MATCH_MARGIN);
    }

    private record Part(double weight, Function<StageSignature, Set<String>> values) {}

    private record Scored(StageSignature signature, double similarity) {
        int stageId() {
            return signature.stageId();
        }
    }

    /** How alike two stages are, 0 to 1: each part's overlap (Jaccard; two empty parts agree), weighted. */
    public static double similarity(StageSignature a, StageSignature b) {
        return PARTS.stream().mapToDouble(p -> p.weight() * jaccard(p.values().apply(a), p.values().apply(b))).sum()
                / TOTAL_WEIGHT;
    }

    /** The stage of {@code run} that is {@code wanted}, or why none is. */
    public StageMatch find(StageSignature wanted, RunFacts run) {
        return find(wanted, StageSignature.allOf(new RunView(run)));
    }

    /** The stage among {@code candidates} (the signatures of one run's stages) that is {@code wanted}, or why none is. */
    public StageMatch find(StageSignature wanted, List<StageSignature> candidates) {
        List<Scored> ranked = candidates.stream()
                .map(s -> new Scored(s, similarity(wanted, s)))
                .sorted(Comparator.comparingDouble(Scored::similarity).reversed()).toList();
        if (ranked.isEmpty()) {
            return notComparable(wanted, 0, StageMatch.text("stageNoStages", Map.of("from", wanted.stageId())));
        }
        Scored best = ranked.get(0);
        if (best.similarity() < minSimilarity) {
            List<Integer> split = splitOver(wanted, ranked);
            return notComparable(wanted, best.similarity(), split.size() > 1
                    ? StageMatch.text("stageSplit", Map.of("from", wanted.stageId(), "summary", StageMatch.summary(wanted),
                            "stages", split.stream().map(String::valueOf).collect(Collectors.joining(", "))))
                    : StageMatch.text("stageNotFound", Map.of("from", wanted.stageId(), "summary", StageMatch.summary(wanted),
                            "closest", best.stageId(), "similarity", Format.percent(best.similarity()))));
        }
        List<Scored> tied = ranked.stream().filter(s -> best.similarity() - s.similarity() < margin).toList();
        List<Scored> inOrder = tied.stream().filter(s -> s.signature().occurrence() == wanted.occurrence()).toList();
        List<Scored> identical = inOrder.stream().filter(s -> s.signature().sameShape(wanted)).toList();
        Scored chosen = tied.size() == 1 ? best : identical.size() == 1 ? identical.get(0)
                : inOrder.size() == 1 && sameShapes(tied) ? inOrder.get(0) : null;
        if (chosen == null) {
            return notComparable(wanted, best.similarity(), StageMatch.text("stageAmbiguous", Map.of("from", wanted.stageId(),
                    "first", tied.get(0).stageId(), "second", tied.get(1).stageId(), "similarity", Format.percent(best.similarity()))));
        }
        return new StageMatch(wanted, chosen.stageId(), chosen.similarity(), null);
    }

    /**
     * The stages that each run only operators the wanted stage ran, when together they run most of them: the change
     * split its work (a repartition puts a shuffle in the middle of it), and no one of them is that stage.
     */
    private static List<Integer> splitOver(StageSignature wanted, List<Scored> ranked) {
        Set<String> operators = Set.copyOf(wanted.operators());
        List<StageSignature> parts = ranked.stream().map(Scored::signature)
                .filter(s -> !s.operators().isEmpty() && operators.containsAll(s.operators())).toList();
        Set<String> covered = new HashSet<>();
        parts.forEach(p -> covered.addAll(p.operators()));
        return 2 * covered.size() > operators.size() ? parts.stream().map(StageSignature::stageId).sorted().toList() : List.of();
    }

    /** Stages of one shape run one after another are told apart by their order; stages of different shapes are not. */
    private static boolean sameShapes(List<Scored> tied) {
        return tied.stream().allMatch(s -> s.signature().sameShape(tied.get(0).signature()));
    }

    private static StageMatch notComparable(StageSignature wanted, double similarity, String why) {
        return new StageMatch(wanted, -1, similarity, why);
    }

    /** "hashpartitioning(market_id, salt)" as its partitioning and keys, so that a shuffle on one more key still half matches. */
    private static Set<String> tokens(List<String> shuffles) {
        Set<String> out = new HashSet<>();
        shuffles.forEach(x -> out.addAll(List.of(x.split("[(), ]+"))));
        out.remove("");
        return out;
    }

    private static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1;
        }
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        return (double) a.stream().filter(b::contains).count() / union.size();
    }
}
