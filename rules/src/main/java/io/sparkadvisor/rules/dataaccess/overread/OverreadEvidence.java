package io.sparkadvisor.rules.dataaccess.overread;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Exact;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.dataaccess.deltalayout.DeltaFileLayoutEvidence;
import io.sparkadvisor.rules.dataaccess.deltalayout.DeltaFileLayoutRule;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file scan against what the query kept of it: the bytes and rows it read, the rows that
 * survived the filter right above it, and which of that filter's columns did not reach the scan
 * as pushed filters (so the reader could skip nothing).
 *
 * @param location the scan's root locations, comma-separated
 * @param format the scan's file format as Spark names it (Parquet, Json, ...)
 * @param bytesRead bytes of files the scan read
 * @param rowsScanned rows that came out of the scan
 * @param rowsKept rows the filter right above the scan let through (all of them without such a filter)
 * @param keptShare rowsKept / rowsScanned, unrounded: the shares that matter are tiny
 * @param filterCondition the condition of the filter right above the scan, empty when there is none
 * @param unpushedColumns the filter's columns that the pushed filters never mention
 * @param pushedFilters the filters the scan received, as Spark prints them
 * @param partitionFilters the partition filters of the scan
 * @param columnsRead fields of the read schema, nested ones included
 * @param scanWallMs wall time of the stages that ran the scan
 * @param scanTaskMs task time of the stages that ran the scan
 * @param deltaTable the files are a Delta table's (the plan names their format Parquet)
 * @param predictiveOptimization Databricks' predictive optimization maintains the Delta table (matched by its name or
 *     location): it runs OPTIMIZE itself, so the advice has no ZORDER, which is an OPTIMIZE
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (epoch ms), 0 when none or not read
 * @param liquidClustering the run is on a runtime with liquid clustering ({@link DeltaFileLayoutRule#MIN_LIQUID_RUNTIME} on)
 * @param stageIds the stages that ran the scan
 * @param appDurationMs the run's duration
 */
public record OverreadEvidence(String location, String format, long bytesRead, long rowsScanned, long rowsKept,
        @Exact double keptShare, String filterCondition, List<String> unpushedColumns, String pushedFilters,
        String partitionFilters, int columnsRead, long scanWallMs, long scanTaskMs, boolean deltaTable,
        boolean predictiveOptimization, long lastOptimizeMs, boolean liquidClustering, @Internal List<Integer> stageIds,
        @Internal long appDurationMs) implements Evidence {

    /** An attribute in a plan expression: {@code id#0L}, {@code market_id#12}. */
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)#\\d+L?");
    private static final Pattern STRUCT_FIELD = Pattern.compile("[<,]\\s*[^:<>,]+:");

    public static List<OverreadEvidence> of(RunView run, Thresholds t) {
        boolean liquid = DeltaFileLayoutEvidence.liquidClustering(run.facts().platform(),
                t.get(DeltaFileLayoutRule.MIN_LIQUID_RUNTIME));
        return ScanRead.all(run).stream().map(r -> of(r, run, liquid)).toList();
    }

    private static OverreadEvidence of(ScanRead read, RunView run, boolean liquid) {
        var scan = read.scan();
        PredictiveOptimization maintained = scan.deltaTable()
                ? PredictiveOptimization.of(run, scan.table(), scan.locations()) : PredictiveOptimization.NONE;
        var filter = read.filterAbove();
        String condition = filter.map(f -> f.simpleString().replaceFirst("^Filter\\s*", "")).orElse("");
        long kept = filter.flatMap(PlanNode::outputRows).orElse(scan.rowsOut());
        return new OverreadEvidence(String.join(", ", scan.locations()), scan.format(), scan.bytesRead(), scan.rowsOut(), kept,
                (double) kept / Math.max(1, scan.rowsOut()), condition, unpushed(condition, scan.pushedFilters()),
                scan.pushedFilters(), scan.partitionFilters(), countFields(scan.readSchema()), read.stageWallMs(), read.taskMs(),
                scan.deltaTable(), maintained.maintained(), maintained.lastOptimizeMs(), liquid, read.stageIds(), run.appDurationMs());
    }

    /** Columns the filter tests that the pushed filters never mention. */
    static List<String> unpushed(String condition, String pushedFilters) {
        Set<String> columns = new LinkedHashSet<>();
        Matcher m = ATTRIBUTE.matcher(condition);
        while (m.find()) {
            columns.add(m.group(1));
        }
        String pushed = pushedFilters == null ? "" : pushedFilters;
        return columns.stream().filter(c -> !Pattern.compile("\\b" + Pattern.quote(c) + "\\b").matcher(pushed).find())
                .toList();
    }

    /** Fields of the read schema, nested ones included: {@code struct<a:bigint,b:string>} has 2. */
    static int countFields(String readSchema) {
        return readSchema == null ? 0 : (int) STRUCT_FIELD.matcher(readSchema).results().count();
    }

    /** The share of the run's wall time the scan's stages took; the DRL reads it for severity. */
    public double shareOfApp() {
        return (double) scanWallMs / Math.max(1, appDurationMs);
    }
}
