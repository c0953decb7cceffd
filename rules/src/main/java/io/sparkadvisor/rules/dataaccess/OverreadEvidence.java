package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.rules.advisor.RunView;
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
 * <p>Evidence keys in the finding (stable): {@code location}, {@code format}, {@code bytesRead},
 * {@code rowsScanned}, {@code rowsKept}, {@code keptShare}, {@code filterCondition},
 * {@code unpushedColumns}, {@code pushedFilters}, {@code partitionFilters}, {@code columnsRead},
 * {@code scanWallMs}, {@code scanTaskMs}.
 */
public record OverreadEvidence(List<Integer> stageIds, String location, String format, long bytesRead,
        long rowsScanned, long rowsKept, String filterCondition, List<String> unpushedColumns, String pushedFilters,
        String partitionFilters, int columnsRead, long scanWallMs, long scanTaskMs, long appDurationMs) {

    /** An attribute in a plan expression: {@code id#0L}, {@code market_id#12}. */
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)#\\d+L?");
    private static final Pattern STRUCT_FIELD = Pattern.compile("[<,]\\s*[^:<>,]+:");

    public static List<OverreadEvidence> of(RunView run) {
        return ScanRead.all(run).stream().map(r -> of(r, run.appDurationMs())).toList();
    }

    private static OverreadEvidence of(ScanRead read, long appDurationMs) {
        var scan = read.scan();
        var filter = read.filterAbove();
        String condition = filter.map(f -> f.simpleString().replaceFirst("^Filter\\s*", "")).orElse("");
        long kept = filter.flatMap(PlanNode::outputRows).orElse(scan.rowsOut());
        return new OverreadEvidence(read.stageIds(), String.join(", ", scan.locations()), scan.format(), scan.bytesRead(),
                scan.rowsOut(), kept, condition, unpushed(condition, scan.pushedFilters()), scan.pushedFilters(),
                scan.partitionFilters(), countFields(scan.readSchema()), read.stageWallMs(), read.taskMs(),
                appDurationMs);
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

    public double keptShare() {
        return (double) rowsKept / Math.max(1, rowsScanned);
    }

    public double shareOfApp() {
        return (double) scanWallMs / Math.max(1, appDurationMs);
    }
}
