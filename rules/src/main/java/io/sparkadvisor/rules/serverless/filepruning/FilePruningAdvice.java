package io.sparkadvisor.rules.serverless.filepruning;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Small files: compact the table (OPTIMIZE, or auto compaction), saving the opens of the files; the saving is the open
 * cost's share of the read. A full read: filter on the table's partition or clustering columns so files are skipped;
 * the saving is the share of the rows dropped.
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
        Messages m = Messages.of(FilePruningRule.ID, scope, t);
        String prefix = small ? "smallFiles" : "noPruning";
        double share = small ? openShare(e, t) : 1 - e.shareKept();
        Step step = new Step(1, List.of(small ? Change.table(m.text("compactChange"), m.text("compactStatement"))
                : Change.code(m.text("pruneChange"), m.text("pruneSnippet"))), m.list(prefix + "Checks"), m.text("rollback"));
        return Remedy.of(m, "summary", List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * share), e.statementDollars() * share));
    }

    /** The share of the read that went to opening files: files x open cost over that plus the bytes. */
    private static double openShare(FilePruningEvidence e, Thresholds t) {
        double opens = e.readFiles() * t.get(FilePruningRule.OPEN_COST_BYTES);
        return opens / (opens + e.readBytes());
    }
}
