package io.sparkadvisor.rules.dataaccess.broadlisting;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time a query spent finding one scan's files before reading them: the scan's own metadata
 * (listing) time, the driver's planning time between the query's start and its first stage, and
 * the time from the first job outside any query since the previous query (Spark's parallel file
 * listing and schema inference run as such jobs when a DataFrame is created) to this query's start,
 * which covers the driver's own partition discovery between those jobs. With partition filters that pin every
 * value, the exact partition paths are computed from the filter.
 *
 * @param location the scan's root locations, comma-separated
 * @param format the scan's file format as Spark names it (Parquet for a Delta table's data files)
 * @param tableFormat what the files belong to: {@code delta} (a Delta table's data), {@code delta-log} (its transaction log,
 *        read to build the snapshot), {@code iceberg}, or the plain file format in lower case ({@code parquet}, ...)
 * @param partitionFilters the scan's partition filters, as Spark prints them
 * @param partitionsRead partitions the scan read
 * @param filesRead files the scan read
 * @param metadataTimeMs the scan's own metadata (file listing) time
 * @param planningMs driver time from the query's start to its first stage
 * @param listingMs from the first job outside any query since the previous query to this query's start; 0 without such a job
 * @param discoveryMs metadataTimeMs + planningMs + listingMs
 * @param scanWallMs wall time of the stages that ran the scan
 * @param discoveryShare discoveryMs / (discoveryMs + scanWallMs): the share of finding plus reading the input that went to finding it
 * @param exactPaths the partition directories the filter pins, one per root ({@code <root>/date=2024-02-10/hour=7}); empty when it pins no value
 * @param predictiveOptimization Databricks' predictive optimization maintains the Delta table (matched by its name or
 *     root): it compacts the files the snapshot tracks itself, so the advice has no OPTIMIZE step
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (epoch ms), 0 when none or not read
 * @param stageIds the stages that ran the scan
 * @param locations the scan's root locations
 * @param hasPartitionFilters whether the scan has partition filters
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record BroadListingEvidence(String location, String format, String tableFormat, String partitionFilters, long partitionsRead,
        long filesRead, long metadataTimeMs, long planningMs, long listingMs, long discoveryMs, long scanWallMs,
        double discoveryShare, List<String> exactPaths, boolean predictiveOptimization, long lastOptimizeMs,
        @Internal List<Integer> stageIds, @Internal List<String> locations,
        @Internal boolean hasPartitionFilters, @Internal int slots, @Internal long appDurationMs) implements Evidence {

    /** An equality on a column in Spark's plan text: {@code (date#3 = 2024-02-10)}. */
    private static final Pattern EQUALITY = Pattern.compile("\\(([A-Za-z_][A-Za-z0-9_]*)#\\d+L? = ([^()]+?)\\)");

    public static List<BroadListingEvidence> of(RunView run, Thresholds t) {
        return ScanRead.all(run).stream().map(r -> of(r.stageIds(), r.scan().locations(), r.scan().format(),
                r.scan().tableFormat(), r.scan().partitionFilters(), r.scan().hasPartitionFilters(), r.scan().partitionsRead(), r.scan().filesRead(),
                r.scan().metadataTimeMs(), planningMs(run, r.sql()), listingMs(run, r.sql()), r.stageWallMs(), run.slots(),
                run.appDurationMs(), maintenance(run, r.scan()))).toList();
    }

    /** Only a Delta table's compaction is an OPTIMIZE that predictive optimization may run instead. */
    private static PredictiveOptimization maintenance(RunView run, ScanFacts scan) {
        return delta(scan.tableFormat())
                ? PredictiveOptimization.of(run, scan.table(), List.of(deltaRoot(scan.locations(), ""))) : PredictiveOptimization.NONE;
    }

    /** The evidence of one scan from its measured times; the sums, the share and the exact paths are computed here. */
    static BroadListingEvidence of(List<Integer> stageIds, List<String> locations, String format, String tableFormat,
            String partitionFilters,
            boolean hasPartitionFilters, long partitionsRead, long filesRead, long metadataTimeMs, long planningMs,
            long listingMs, long scanWallMs, int slots, long appDurationMs, PredictiveOptimization maintenance) {
        long discovery = metadataTimeMs + planningMs + listingMs;
        // A read already at the pinned directories (Databricks logs name the pruned partition as the location) lists
        // nothing its filters could skip: like a scan without partition filters, only its own metadata time counts.
        boolean pinnedAlready = alreadyAtPinnedPartitions(partitionFilters, locations);
        return new BroadListingEvidence(String.join(", ", locations), format, tableFormat == null ? "" : tableFormat,
                partitionFilters, partitionsRead, filesRead,
                metadataTimeMs, planningMs, listingMs, discovery, scanWallMs,
                (double) discovery / Math.max(1, discovery + scanWallMs),
                pinnedAlready ? List.of() : exactPaths(partitionFilters, locations), maintenance.maintained(),
                maintenance.lastOptimizeMs(), stageIds, locations,
                hasPartitionFilters && !pinnedAlready, slots, appDurationMs);
    }

    /** Driver time from the query's start to its first stage: planning, including file-index work. */
    private static long planningMs(RunView run, SqlExecutionFacts sql) {
        OptionalLong firstStage = run.finalStages().stream().filter(s -> s.sqlExecutionId() == sql.executionId())
                .mapToLong(StageFacts::submittedMs).min();
        return firstStage.isPresent() ? Math.max(0, firstStage.getAsLong() - sql.startMs()) : 0;
    }

    /** From the first job outside any query since the previous query ended to this query's start; 0 without such a job. */
    private static long listingMs(RunView run, SqlExecutionFacts sql) {
        long since = run.facts().sqlExecutions().stream().filter(q -> q.endMs() <= sql.startMs())
                .mapToLong(SqlExecutionFacts::endMs).max().orElse(run.facts().application().startMs());
        OptionalLong firstJob = run.facts().jobs().stream().filter(j -> j.sqlExecutionId() < 0)
                .filter(j -> j.submittedMs() >= since && j.completedMs() <= sql.startMs())
                .mapToLong(JobFacts::submittedMs).min();
        return firstJob.isPresent() ? sql.startMs() - firstJob.getAsLong() : 0;
    }

    /** A Delta table's data or its transaction log: its files come from the log, so every remedy goes through Delta. */
    public boolean deltaTable() {
        return delta(tableFormat);
    }

    private static boolean delta(String tableFormat) {
        return ScanFacts.DELTA.equals(tableFormat) || ScanFacts.DELTA_LOG.equals(tableFormat);
    }

    /** The Delta table's root: the first location, without the {@code /_delta_log/...} of a snapshot read. */
    public String deltaRoot() {
        return deltaRoot(locations, location);
    }

    private static String deltaRoot(List<String> locations, String location) {
        String first = locations.isEmpty() ? location : locations.get(0);
        int log = first.indexOf("/_delta_log");
        return (log >= 0 ? first.substring(0, log) : first).replaceAll("/+$", "");
    }

    /** The share of the run's wall time spent finding the input; the DRL reads it for severity. */
    public double shareOfApp() {
        return (double) discoveryMs / Math.max(1, appDurationMs);
    }

    /**
     * The partition directories the filter pins, one per root location: {@code <root>/date=2024-02-10/hour=7}
     * for {@code date = '2024-02-10' AND hour = 7}; empty when the filter pins no value.
     */
    static List<String> exactPaths(String partitionFilters, List<String> locations) {
        String suffix = pinnedSuffix(partitionFilters);
        List<String> out = new ArrayList<>();
        if (!suffix.isEmpty()) {
            locations.forEach(root -> out.add(root.replaceAll("/+$", "") + suffix));
        }
        return List.copyOf(out);
    }

    /** Whether every root already ends with the directories the filter pins. */
    static boolean alreadyAtPinnedPartitions(String partitionFilters, List<String> locations) {
        String suffix = pinnedSuffix(partitionFilters);
        return !suffix.isEmpty() && !locations.isEmpty()
                && locations.stream().allMatch(root -> root.replaceAll("/+$", "").endsWith(suffix));
    }

    /** {@code /date=2024-02-10/hour=7} for {@code date = '2024-02-10' AND hour = 7}; empty when the filter pins no value. */
    private static String pinnedSuffix(String partitionFilters) {
        StringBuilder suffix = new StringBuilder();
        Matcher m = EQUALITY.matcher(partitionFilters == null ? "" : partitionFilters);
        while (m.find()) {
            suffix.append('/').append(m.group(1)).append('=').append(m.group(2).trim());
        }
        return suffix.toString();
    }
}
