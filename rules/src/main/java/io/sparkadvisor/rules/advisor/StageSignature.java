package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What a stage does, in the terms that survive a re-run of its job, so that a check finds the same stage in another
 * run: stage ids do not (salting adds a stage, a repartition adds an exchange, AQE submits its query stages in
 * another order) and line numbers move when the code is edited. The follow-up matches on it ({@link StageMatcher}).
 *
 * @param stageId     the stage's id in the run it was taken from: for the verdict's words, never for matching
 * @param callSite    the stage's call site (its name) without the line number: {@code collectAsList at Jobs.java}
 * @param description the SQL execution's description, the same way
 * @param operators   the plan operators that ran in the stage, by their Spark names, without the code-generation
 *                    wrappers and the adaptive plan's own nodes (which AQE adds or drops without changing the work)
 * @param reads       the shuffles the stage reads, as partitioning and keys: {@code hashpartitioning(market_id)}
 * @param writes      the shuffles it writes, the same way
 * @param tables      the tables (or paths) it and the stages before it scanned
 * @param occurrence  how many stages of its run before it have the same signature: a job that runs one shape
 *                    several times (a loop, a warm-up pass) has its stages told apart by their order
 */
public record StageSignature(int stageId, String callSite, String description, List<String> operators,
        List<String> reads, List<String> writes, List<String> tables, int occurrence) {

    /** ":97" in "collectAsList at Jobs.java:97": the line moves with any edit above it. */
    private static final Pattern LINE = Pattern.compile(":\\d+\\b");
    /** "(skew=true)" after an operator AQE split partitions for. */
    private static final Pattern ADAPTIVE_FLAG = Pattern.compile("\\(\\w+=\\w+\\)$");
    /** Nodes that wrap or re-plan work without being work: code generation, AQE's stages and reads, reuse, shuffles. */
    private static final Pattern NOT_WORK = Pattern.compile(
            "WholeStageCodegen.*|InputAdapter|AQEShuffleRead|AdaptiveSparkPlan|.*QueryStage|Reused.*|ColumnarToRow|Exchange");

    /** The signature of the stage's final attempt; empty when the run has no such stage. */
    public static Optional<StageSignature> of(RunFacts facts, int stageId) {
        return allOf(new RunView(facts)).stream().filter(s -> s.stageId() == stageId).findFirst();
    }

    /** The signatures of the run's completed stages (final attempts with a successful task), in stage order. */
    public static List<StageSignature> allOf(RunView run) {
        List<StageSignature> out = new ArrayList<>();
        Map<StageSignature, Integer> seen = new HashMap<>();
        run.finalStages().stream().filter(s -> s.successfulTasks() > 0).sorted(Comparator.comparingInt(StageFacts::stageId))
                .forEach(s -> {
                    StageSignature shape = of(run, s);
                    int occurrence = seen.merge(shape, 1, Integer::sum) - 1;
                    out.add(new StageSignature(s.stageId(), shape.callSite, shape.description, shape.operators, shape.reads,
                            shape.writes, shape.tables, occurrence));
                });
        return out;
    }

    /** Whether the two do the same, by every part but their id and order. */
    boolean sameShape(StageSignature other) {
        return other.withoutOrder().equals(withoutOrder());
    }

    private StageSignature withoutOrder() {
        return new StageSignature(-1, callSite, description, operators, reads, writes, tables, 0);
    }

    /** The stage's shape; its id and occurrence are set by {@link #allOf}. */
    private static StageSignature of(RunView run, StageFacts stage) {
        List<ExchangeFacts> into = run.exchangesInto(stage);
        List<String> writes = run.sqlOf(stage).map(sql -> sql.exchanges().stream()
                .filter(x -> x.stageIds().contains(stage.stageId()) && !into.contains(x)).map(StageSignature::shuffle)
                .toList()).orElse(List.of());
        List<String> operators = run.sqlOf(stage).map(sql -> operators(sql, stage.stageId())).orElse(List.of());
        String description = run.sqlOf(stage).map(sql -> sql.description()).orElse("");
        return new StageSignature(-1, withoutLine(stage.name()), withoutLine(description), operators,
                sorted(into.stream().map(StageSignature::shuffle).toList()), sorted(writes), tables(run, stage), 0);
    }

    /**
     * The operators that ran in the stage: those whose metrics its tasks updated, and those without metrics (a
     * Project, a Coalesce) that run fused into the nearest such operator above them, short of an exchange.
     */
    private static List<String> operators(SqlExecutionFacts sql, int stageId) {
        return sorted(sql.nodes().stream().filter(n -> ranIn(sql, n, stageId)).map(PlanNode::sparkTwin)
                .map(StageSignature::operator).filter(n -> !NOT_WORK.matcher(n).matches()).toList());
    }

    private static boolean ranIn(SqlExecutionFacts sql, PlanNode node, int stageId) {
        if (!node.stageIds().isEmpty()) {
            return node.stageIds().contains(stageId) && !isExchange(node);
        }
        return sql.ancestors(node.id()).stream().filter(a -> isExchange(a) || !a.stageIds().isEmpty()).findFirst()
                .map(a -> !isExchange(a) && a.stageIds().contains(stageId)).orElse(false);
    }

    private static boolean isExchange(PlanNode node) {
        return node.sparkTwin().contains("Exchange") || node.name().endsWith("QueryStage");
    }

    /**
     * "Scan parquet spark_catalog.default.sales" is a "Scan parquet" (the table is in {@link #tables}); AQE's
     * "SortMergeJoin(skew=true)" is the "SortMergeJoin" it splits partitions for.
     */
    private static String operator(String name) {
        String[] words = name.split(" ", 3);
        return name.startsWith("Scan ") && words.length > 1 ? words[0] + " " + words[1] : ADAPTIVE_FLAG.matcher(name).replaceAll("");
    }

    private static String shuffle(ExchangeFacts x) {
        return x.partitioning() + "(" + String.join(", ", x.keys()) + ")";
    }

    /** Tables scanned by the stage or a stage it waits for (parents, transitively). */
    private static List<String> tables(RunView run, StageFacts stage) {
        Set<Integer> upstream = new HashSet<>();
        Deque<Integer> todo = new ArrayDeque<>(List.of(stage.stageId()));
        while (!todo.isEmpty()) {
            int id = todo.pop();
            if (upstream.add(id)) {
                run.facts().stage(id).ifPresent(s -> todo.addAll(s.parentIds()));
            }
        }
        return sorted(run.sqlOf(stage).map(sql -> sql.scans().stream()
                .filter(scan -> scan.stageIds().stream().anyMatch(upstream::contains))
                .map(StageSignature::table).toList()).orElse(List.of()));
    }

    private static String table(ScanFacts scan) {
        return scan.table() == null || scan.table().isBlank() ? String.join(",", scan.locations()) : scan.table();
    }

    private static String withoutLine(String text) {
        return text == null ? "" : LINE.matcher(text).replaceAll("");
    }

    private static List<String> sorted(List<String> names) {
        return List.copyOf(new TreeSet<>(names));
    }

}
