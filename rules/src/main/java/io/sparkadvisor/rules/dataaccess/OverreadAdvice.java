package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The overread recommendation: first make the filter one the scan can take (a built-in predicate
 * on the named columns instead of a UDF or an expression the source cannot evaluate), then lay the
 * data out so the pushed filter can skip files and row groups (Z-order or clustering for Delta,
 * sorted files otherwise).
 */
public final class OverreadAdvice {
    public static final String RULE = "overread";

    private OverreadAdvice() {}

    public static Finding finding(OverreadEvidence e, Severity severity) {
        String columns = e.unpushedColumns().isEmpty() ? "<filter columns>" : String.join(", ", e.unpushedColumns());
        boolean delta = e.format().toLowerCase(Locale.ROOT).contains("delta");
        Map<String, Object> scope = new HashMap<>();
        scope.put("location", e.location());
        scope.put("bytes", Format.bytes(e.bytesRead()));
        scope.put("rowsScanned", e.rowsScanned());
        scope.put("rowsKept", e.rowsKept());
        scope.put("share", String.format(Locale.ROOT, "%.4f%%", e.keptShare() * 100));
        scope.put("condition", e.filterCondition());
        scope.put("columns", columns);
        scope.put("firstColumn", e.unpushedColumns().isEmpty() ? "<column>" : e.unpushedColumns().get(0));
        scope.put("udf", e.filterCondition().contains("UDF"));
        scope.put("pushed", e.pushedFilters());
        scope.put("columnsRead", e.columnsRead());
        scope.put("scanWall", Format.duration(e.scanWallMs()));
        Messages m = Messages.of(RULE, scope);

        Step pushDown = new Step(1, List.of(Change.code("a filter the scan can push down on " + columns, m.text("pushSnippet"))),
                m.list("pushChecks"), m.text("rollback"));
        Change layout = delta ? Change.table("ZORDER BY " + columns, m.text("zorder"))
                : Change.code("write sorted by " + columns, m.text("sortSnippet"));
        Step skip = new Step(2, List.of(layout), m.list("layoutChecks"), m.text("rollback"));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("location", e.location());
        evidence.put("format", e.format());
        evidence.put("bytesRead", e.bytesRead());
        evidence.put("rowsScanned", e.rowsScanned());
        evidence.put("rowsKept", e.rowsKept());
        evidence.put("keptShare", e.keptShare());
        evidence.put("filterCondition", e.filterCondition());
        evidence.put("unpushedColumns", e.unpushedColumns());
        evidence.put("pushedFilters", e.pushedFilters());
        evidence.put("partitionFilters", e.partitionFilters());
        evidence.put("columnsRead", e.columnsRead());
        evidence.put("scanWallMs", e.scanWallMs());
        evidence.put("scanTaskMs", e.scanTaskMs());

        // An upper bound: a filter that skips everything it discards saves all but the kept share of the scan.
        double discarded = 1 - e.keptShare();
        return new Finding(RULE, Layer.DATA_ACCESS, severity, m.text("title"), e.stageIds(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(pushDown, skip), m.text("proof"),
                        m.text("experiment")),
                new Savings((long) (e.scanWallMs() * discarded), Format.round(e.scanTaskMs() * discarded / 3_600_000)));
    }
}
