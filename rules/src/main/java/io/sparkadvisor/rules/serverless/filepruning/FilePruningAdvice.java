package io.sparkadvisor.rules.serverless.filepruning;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Small files: compact the table (OPTIMIZE, or auto compaction), saving the opens of the files; the saving is the open
 * cost's share of the read. A full read: filter on the table's partition or clustering columns so files are skipped;
 * the saving is the share of the rows dropped. The statements name the table the statement's text reads, when it reads
 * one; on a table predictive optimization maintains there is no OPTIMIZE (Databricks runs it; the summary says when it
 * last did): auto compaction for small files, CLUSTER BY alone for a full read (serverless always has liquid clustering).
 */
final class FilePruningAdvice {
    private FilePruningAdvice() {}

    static Remedy remedy(FilePruningEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("statement", e.statementId());
        scope.put("files", String.format(Locale.ROOT, "%,d", e.readFiles()));
        scope.put("pruned", String.format(Locale.ROOT, "%,d", e.prunedFiles()));
        scope.put("read", Format.bytes(e.readBytes()));
        scope.put("avg", Format.bytes(e.avgFileBytes()));
        scope.put("share", String.format(Locale.ROOT, "%.2f%%", 100 * e.shareKept()));
        scope.put("dollars", Format.decimals(e.statementDollars(), 2));
        boolean small = d.kind() == FilePruningKind.SMALL_FILES;
        scope.put("small", small);
        scope.put("table", e.table());
        scope.put("candidates", String.join(", ", e.tablesRead()));
        scope.put("predictive", e.predictiveOptimization());
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        // The table's name, or words standing for it, is one value every statement and check below uses.
        scope.put("tableRef", Messages.of(FilePruningRule.ID, scope, t).text("tableRef"));
        Messages m = Messages.of(FilePruningRule.ID, scope, t);
        String prefix = small ? "smallFiles" : "noPruning";
        String variant = e.predictiveOptimization() ? "Predictive" : "";
        double share = small ? openShare(e, t) : 1 - e.shareKept();
        Step step = new Step(1, List.of(small ? Change.table(m.text("compactChange" + variant), m.text("compactStatement" + variant))
                : Change.code(m.text("pruneChange"), m.text("pruneSnippet" + variant))), m.list(prefix + "Checks"), m.text("rollback"));
        List<String> preconditions = new ArrayList<>(m.list("preconditions"));
        if (!e.predictiveOptimization()) {
            preconditions.addAll(m.list("preconditionsNotMaintained"));
        }
        return Remedy.of(m, "summary", preconditions, List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * share), e.statementDollars() * share));
    }

    /** The share of the read that went to opening files: files x open cost over that plus the bytes. */
    private static double openShare(FilePruningEvidence e, Thresholds t) {
        double opens = e.readFiles() * t.get(FilePruningRule.OPEN_COST_BYTES);
        return opens / (opens + e.readBytes());
    }
}
