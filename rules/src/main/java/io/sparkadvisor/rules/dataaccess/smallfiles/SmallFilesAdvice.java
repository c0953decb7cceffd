package io.sparkadvisor.rules.dataaccess.smallfiles;

import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The small-files recommendation: compact the input once (OPTIMIZE for Delta, a rewrite into
 * {@code ceil(bytes / target)} files otherwise), then make the writer produce files of the target
 * size (auto-compaction for Delta, a repartition before the write otherwise). On a Delta table predictive optimization
 * maintains, Databricks runs that OPTIMIZE itself: only the writer step is left, and the summary says when it last ran.
 */
final class SmallFilesAdvice {
    private SmallFilesAdvice() {}

    static Remedy remedy(SmallFilesEvidence e, Diagnosis d, Thresholds t) {
        // A Delta table's files are read as Parquet but belong to its log: rewriting them by path would lose the log.
        boolean delta = ScanFacts.DELTA.equals(e.tableFormat());
        Map<String, Object> scope = new HashMap<>();
        scope.put("files", e.files());
        scope.put("bytes", Format.bytes(e.bytesRead()));
        scope.put("avg", Format.bytes(e.avgFileBytes()));
        scope.put("split", Format.bytes(e.splitBytes()));
        scope.put("openCost", Format.bytes(e.openCostInBytes()));
        scope.put("filesPerTask", e.filesPerTask());
        scope.put("tasksCreated", e.tasksCreated());
        scope.put("tasksObserved", e.tasksObserved());
        scope.put("compacted", e.compactedFiles());
        scope.put("tasksIfCompacted", e.tasksIfCompacted());
        scope.put("target", Format.bytes(t.getLong(SmallFilesRule.TARGET_FILE_BYTES)));
        scope.put("scanTask", Format.duration(e.scanTaskMs()));
        scope.put("location", e.location());
        scope.put("format", e.format().toLowerCase(Locale.ROOT).trim());
        scope.put("lastOptimize", PredictiveOptimization.lastOptimize(e.lastOptimizeMs()));
        Messages m = Messages.of(SmallFilesRule.ID, scope, t);

        Change compact = delta ? Change.table(m.text("optimizeChange"), m.text("optimize"))
                : Change.code(m.text("rewriteChange"), m.text("rewrite"));
        Change writeFewer = delta ? Change.table(m.text("autoCompactChange"), m.text("autoCompact"))
                : Change.code(m.text("writeFewerChange"), m.text("writeFewer"));
        List<Step> steps = new ArrayList<>();
        if (!e.predictiveOptimization()) {
            steps.add(new Step(1, List.of(compact), m.list("checksCompact"), m.text("rollbackCompact")));
        }
        steps.add(new Step(steps.size() + 1, List.of(writeFewer), m.list("checksWriter"), m.text("rollbackWriter")));

        return Remedy.of(m, e.predictiveOptimization() ? "summaryPredictive" : "summary", steps, Savings.of(e.savedTaskMs() / Math.max(1, e.slots()), (double) e.savedTaskMs()));
    }
}
