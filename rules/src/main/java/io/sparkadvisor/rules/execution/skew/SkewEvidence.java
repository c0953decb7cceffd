package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.knowledge.derive.SqlNames;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.Adaptive;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Skew in one stage: how far the longest task sits above the median (duration, and shuffle bytes or records: a stage
 * whose data is even and whose one task ran long is a slow node, not skew),
 * what share of the stage's wall time went to waiting on it, the shuffle keys that placed the data,
 * and whether the stage is a sort-merge or shuffled-hash join that AQE's skew handling can split.
 *
 * @param maxTaskMs the longest successful task of the stage
 * @param medianTaskMs the median task
 * @param maxToMedian longest over median task duration
 * @param skewShareOfStage (longest - median task) / the stage's wall time: the share spent waiting on the straggler
 * @param stageWallMs the stage's wall time, submission to completion
 * @param maxShuffleReadBytes shuffle bytes read by the task that read the most
 * @param medianShuffleReadBytes the median task's shuffle read
 * @param maxShuffleReadRecords shuffle records read by the task that read the most
 * @param medianShuffleReadRecords the median task's shuffle records
 * @param shuffleRatio the largest task's shuffle read over the median's, in bytes or in records, whichever is higher (a
 *        median of zero counts as one): the data, not only the time, must sit in a few partitions
 * @param partitionKeys the hash-partitioning keys of the exchanges feeding the stage
 * @param joinOperator the join in the stage's plan nodes, empty when there is none
 * @param joinType the join's type from its plan node (Inner, LeftOuter, RightOuter, FullOuter, LeftSemi, LeftAnti...), empty when there is none
 * @param skewedSide the join side that carries the hot key, taken as the side whose shuffle moved more rows: left, right, or empty when unknown
 * @param aggregateKeys the grouping keys of a hash or object-hash aggregate that reads the shuffle, when the stage has no join
 * @param hotValueQuery the SQL that finds the hot value of the first key, over the largest table the query read: by its
 *        catalog name, else through its format by path (a Delta table through Delta, {@code `delta`.`path`}, never its
 *        files); every identifier quoted ({@link HotValueQuery}); empty when the key is not one plain column (an
 *        expression, or characters no column name holds: {@link SqlNames#column}), when there is no lookup
 * @param tableFormat the format of that table ({@code delta}, {@code parquet}, ...), empty when the query read none
 * @param sourceTable that table's catalog name, empty when the query read it by path (or read none)
 * @param sourcePath the path the query read that table from when it had no catalog name, empty otherwise
 * @param stageId the stage
 * @param tasks successful tasks of the stage
 * @param p75TaskMs the 75th-percentile task
 * @param aqeCanSplit whether AQE's skew join handling splits this join: a sort-merge or shuffled-hash join whose type
 *        lets it split the skewed side (inner and cross both sides; left outer, semi and anti the left; right outer the right)
 * @param leftKeys the join's left keys, attribute ids stripped (empty without a join)
 * @param rightKeys the join's right keys, attribute ids stripped (empty without a join)
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 * @param aqeSettings the AQE settings the cluster or the run set ({@link #AQE_KEYS}), so the AQE step proposes only what changes
 * @param aqeOnByDefault the run's Spark runs AQE unless told otherwise (3.2 and later, every supported Databricks Runtime)
 * @param jobWide whether a smaller advisory partition size goes into the job's cluster: the stage holds at least
 *        general.jobWideShare of the shuffle bytes Spark sizes in the run (AQE coalesces every such shuffle to that
 *        size); else it is set for the stage's query only
 * @param batches the micro-batches of a streaming query that ran the stage (the facts keep its latest batch's
 *        instance, this one); 1 for a stage of a batch run
 * @param batchMaxToMedian the median over those batches of the longest task over the median task (maxToMedian for a
 *        batch run's stage)
 * @param batchShuffleRatio the median over those batches of shuffleRatio (shuffleRatio for a batch run's stage)
 * @param topPartition the partition that held the largest shuffle read in the most batches; -1 for a batch run's stage
 * @param topPartitionBatches in how many of the batches it did (1 for a batch run's stage): a finding on a streaming
 *        stage needs the same partition the largest in most batches, not in one
 * @param topPartitionShare topPartitionBatches / batches, judged against general.mostBatchesShare (1 for a batch run's stage)
 */
public record SkewEvidence(long maxTaskMs, long medianTaskMs, double maxToMedian, double skewShareOfStage,
        long stageWallMs, long maxShuffleReadBytes, long medianShuffleReadBytes, long maxShuffleReadRecords,
        long medianShuffleReadRecords, double shuffleRatio, List<String> partitionKeys, String joinOperator, String joinType,
        String skewedSide, List<String> aggregateKeys, String hotValueQuery, String tableFormat, String sourceTable, String sourcePath,
        @Internal int stageId, @Internal int tasks, @Internal long p75TaskMs, @Internal boolean aqeCanSplit, List<String> leftKeys,
        List<String> rightKeys, @Internal int slots, @Internal long appDurationMs,
        @Internal Map<String, String> aqeSettings, @Internal boolean aqeOnByDefault, boolean jobWide, long batches,
        double batchMaxToMedian, double batchShuffleRatio, int topPartition, long topPartitionBatches,
        double topPartitionShare) implements Evidence {

    static final String AQE = "spark.sql.adaptive.enabled";
    static final String SKEW_JOIN = "spark.sql.adaptive.skewJoin.enabled";
    static final String FACTOR = "spark.sql.adaptive.skewJoin.skewedPartitionFactor";
    static final String THRESHOLD = "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes";
    static final String ADVISORY = "spark.sql.adaptive.advisoryPartitionSizeInBytes";
    /** The settings the AQE step proposes, in its order. */
    static final List<String> AQE_KEYS = List.of(AQE, SKEW_JOIN, FACTOR, THRESHOLD, ADVISORY);

    private static final Pattern ATTRIBUTE_ID = Pattern.compile("#\\d+L?");
    private static final Pattern AGGREGATE_KEYS = Pattern.compile("^\\w*Aggregate\\(keys=\\[(.*?)\\], functions=");

    public static List<SkewEvidence> of(RunView run, Thresholds t) {
        long governed = JobWide.settingShuffleBytes(run);
        return run.finalStages().stream().filter(s -> s.successfulTasks() >= 2)
                .map(s -> of(run, s, JobWide.benefits(s.sum(TaskMetric.SHUFFLE_READ_BYTES), governed, t))).toList();
    }

    private static SkewEvidence of(RunView run, StageFacts stage, boolean jobWide) {
        var duration = stage.metric(TaskMetric.DURATION);
        var shuffle = stage.metric(TaskMetric.SHUFFLE_READ_BYTES);
        var records = stage.metric(TaskMetric.SHUFFLE_READ_RECORDS);
        long wall = Math.max(1, stage.wallMs());
        List<PlanNode> nodes = run.nodesIn(stage);
        Optional<PlanNode> joinNode = nodes.stream().filter(PlanNode::isJoin).findFirst();
        String join = joinNode.map(PlanNode::name).orElse("");
        List<ExchangeFacts> into = run.exchangesInto(stage);
        List<String> keys = keys(into);
        List<List<String>> joinArgs = joinNode.map(n -> joinArgs(n.simpleString())).orElse(List.of());
        List<String> leftKeys = joinArgs.size() == 3 ? joinArgs.get(0) : List.of();
        List<String> rightKeys = joinArgs.size() == 3 ? joinArgs.get(1) : List.of();
        String joinType = joinArgs.size() == 3 ? String.join("", joinArgs.get(2)) : "";
        String side = joinNode.map(n -> skewedSide(run, stage, n, into)).orElse("");
        List<String> aggregateKeys = joinNode.isPresent() ? List.of() : nodes.stream()
                .filter(n -> n.name().equals("HashAggregate") || n.name().equals("ObjectHashAggregate"))
                .map(n -> AGGREGATE_KEYS.matcher(n.simpleString())).filter(Matcher::find)
                .map(m -> split(m.group(1))).filter(k -> !k.isEmpty()).findFirst().orElse(List.of());
        double ratio = Math.max((double) shuffle.max() / Math.max(1, shuffle.p50()),
                (double) records.max() / Math.max(1, records.p50()));
        boolean shuffled = join.equals("SortMergeJoin") || join.equals("ShuffledHashJoin");
        Optional<ScanFacts> source = source(run, stage);
        Optional<RecurringStage> across = run.recurring(stage);
        return new SkewEvidence(duration.max(), duration.p50(), RunMetrics.maxToMedian(stage),
                Math.min(1, (double) (duration.max() - duration.p50()) / wall), wall, shuffle.max(), shuffle.p50(),
                records.max(), records.p50(), ratio, keys, join, joinType, side, aggregateKeys,
                hotValueQuery(keys, source), source.map(ScanFacts::tableFormat).orElse(""), source.map(ScanFacts::table).orElse(""),
                source.filter(s -> s.table().isEmpty()).map(s -> s.locations().get(0)).orElse(""), stage.stageId(), stage.successfulTasks(), duration.p75(),
                shuffled && aqeSplits(joinType, side), leftKeys, rightKeys, run.slots(), run.appDurationMs(), aqeSettings(run),
                Adaptive.of(run).onByDefault(), jobWide, across.map(RecurringStage::batches).orElse(1L),
                across.map(r -> r.taskSkew().p50()).orElse(RunMetrics.maxToMedian(stage)),
                across.map(r -> r.shuffleSkew().p50()).orElse(ratio), across.map(RecurringStage::topPartition).orElse(-1),
                across.map(RecurringStage::topPartitionBatches).orElse(1L),
                across.map(RecurringStage::topPartitionShare).orElse(1.0));
    }

    private static Map<String, String> aqeSettings(RunView run) {
        Map<String, String> set = new HashMap<>();
        AQE_KEYS.forEach(k -> run.sparkSetting(k).ifPresent(v -> set.put(k, v.trim())));
        return Map.copyOf(set);
    }

    /** AQE's OptimizeSkewedJoin splits the left side of inner, cross, left outer, semi and anti joins, the right side of inner, cross and right outer ones. */
    static boolean aqeSplits(String joinType, String side) {
        boolean left = Set.of("Inner", "Cross", "LeftOuter", "LeftSemi", "LeftAnti").contains(joinType);
        boolean right = Set.of("Inner", "Cross", "RightOuter").contains(joinType);
        return switch (side) {
            case "left" -> left;
            case "right" -> right;
            default -> left || right;
        };
    }

    /**
     * The keys and type of a join from its plan node's text, {@code SortMergeJoin [a#1, b#2], [a#7, b#8], LeftOuter, ...}:
     * left keys, right keys, and the type as a one-element list; empty when the text has another form.
     */
    static List<List<String>> joinArgs(String simpleString) {
        int open = simpleString.indexOf('[');
        int close = closing(simpleString, open);
        if (open < 0 || close < 0 || !simpleString.startsWith(", [", close + 1)) {
            return List.of();
        }
        int open2 = close + 3;
        int close2 = closing(simpleString, open2);
        if (close2 < 0 || !simpleString.startsWith(", ", close2 + 1)) {
            return List.of();
        }
        Matcher type = Pattern.compile("^(\\w+)").matcher(simpleString.substring(close2 + 3));
        if (!type.find()) {
            return List.of();
        }
        return List.of(split(simpleString.substring(open + 1, close)), split(simpleString.substring(open2 + 1, close2)),
                List.of(type.group(1)));
    }

    private static int closing(String s, int open) {
        if (open < 0 || open >= s.length() || s.charAt(open) != '[') {
            return -1;
        }
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
                if (depth == 0) {
                    return c == ']' ? i : -1;
                }
            }
        }
        return -1;
    }

    /** A comma-separated list of expressions at depth zero, attribute ids stripped. */
    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                String item = ATTRIBUTE_ID.matcher(list.substring(from, i)).replaceAll("").trim();
                if (!item.isEmpty()) {
                    out.add(item);
                }
                from = i + 1;
            }
        }
        return out;
    }

    /**
     * The join side whose shuffle moved more rows (the hot key sits on the large side): the exchanges feeding the stage
     * below the join's first child (the smaller node id, Spark numbers plan nodes depth first) are the left side.
     */
    private static String skewedSide(RunView run, StageFacts stage, PlanNode join, List<ExchangeFacts> into) {
        Map<Integer, PlanNode> byId = new HashMap<>();
        run.sqlOf(stage).ifPresent(sql -> sql.nodes().forEach(n -> byId.put(n.id(), n)));
        Map<Integer, Long> rowsByChild = new TreeMap<>();
        for (ExchangeFacts x : into) {
            PlanNode n = byId.get(x.nodeId());
            while (n != null && n.parentId() != join.id()) {
                n = byId.get(n.parentId());
            }
            if (n != null) {
                rowsByChild.merge(n.id(), x.rowsOut(), Long::sum);
            }
        }
        if (rowsByChild.size() != 2) {
            return "";
        }
        List<Long> rows = List.copyOf(rowsByChild.values());
        return rows.get(0) > rows.get(1) ? "left" : rows.get(1) > rows.get(0) ? "right" : "";
    }

    private static List<String> keys(List<ExchangeFacts> exchanges) {
        Set<String> keys = new LinkedHashSet<>();
        exchanges.stream().filter(x -> x.partitioning().equals("hashpartitioning")).forEach(x -> keys.addAll(x.keys()));
        return List.copyOf(keys);
    }

    /** The table the hot key's rows come from: the largest read of the stage's query, a Delta log's replay left out. */
    private static Optional<ScanFacts> source(RunView run, StageFacts stage) {
        return run.sqlOf(stage).flatMap(sql -> sql.scans().stream().filter(s -> !ScanFacts.DELTA_LOG.equals(s.tableFormat()))
                .filter(s -> !s.table().isEmpty() || !s.locations().isEmpty()).max(Comparator.comparingLong(ScanFacts::bytesRead)));
    }

    /**
     * The hot-value query when the first key is one plain column, else empty: over the table's catalog name, else its
     * format and path (Delta through its log, which says which files are live), else a placeholder.
     */
    private static String hotValueQuery(List<String> keys, Optional<ScanFacts> source) {
        Optional<String> column = keys.isEmpty() ? Optional.empty() : SqlNames.column(keys.get(0));
        Optional<List<String>> relation = source.flatMap(SkewEvidence::relation);
        return column.map(c -> relation.map(r -> HotValueQuery.sql(c, r)).orElseGet(() -> HotValueQuery.withPlaceholder(c))).orElse("");
    }

    private static Optional<List<String>> relation(ScanFacts scan) {
        return !scan.table().isEmpty() ? SqlNames.table(scan.table())
                : SqlNames.path(scan.locations().get(0)).map(path -> List.of(scan.tableFormat(), path));
    }

    static String hotKey(List<String> keys) {
        return keys.isEmpty() ? "<join key>" : keys.get(0);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** The share of the run the stage took. */
    public double shareOfRun() {
        return (double) stageWallMs / appDurationMs;
    }

    /** Wall time the stage would lose if its longest task ran like the 75th-percentile task (the 90th is the max itself below ten tasks). */
    public long stragglerMs() {
        return Math.max(0, maxTaskMs - p75TaskMs);
    }
}
