package io.sparkadvisor.rules.dataaccess;

import static io.sparkadvisor.rules.thresholds.DataAccessThresholds.SF_TARGET_FILE_BYTES;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The small-files recommendation: compact the input once (OPTIMIZE for Delta, a rewrite into
 * {@code ceil(bytes / target)} files otherwise), then make the writer produce files of the target
 * size (auto-compaction for Delta, a repartition before the write otherwise).
 */
public final class SmallFilesAdvice {
    public static final String RULE = "small-files";

    private SmallFilesAdvice() {}

    public static Finding finding(SmallFilesEvidence e, Thresholds t, Severity severity) {
        long target = t.getLong(SF_TARGET_FILE_BYTES);
        long compacted = e.compactedFiles(target);
        boolean delta = e.format().toLowerCase(Locale.ROOT).contains("delta");
        Map<String, Object> scope = new HashMap<>();
        scope.put("files", e.files());
        scope.put("bytes", Format.bytes(e.bytesRead()));
        scope.put("avg", Format.bytes(e.avgFileBytes()));
        scope.put("split", Format.bytes(e.splitBytes()));
        scope.put("openCost", Format.bytes(e.splits().openCostBytes()));
        scope.put("filesPerTask", e.filesPerTask());
        scope.put("tasksCreated", e.tasksCreated());
        scope.put("tasksObserved", e.tasksObserved());
        scope.put("compacted", compacted);
        scope.put("tasksIfCompacted", e.tasksIfCompacted(target));
        scope.put("target", Format.bytes(target));
        scope.put("scanTask", Format.duration(e.scanTaskMs()));
        scope.put("location", e.location());
        scope.put("format", e.format().toLowerCase(Locale.ROOT).trim());
        Messages m = Messages.of(RULE, scope);

        Change compact = delta ? Change.table("OPTIMIZE", m.text("optimize"))
                : Change.code("rewrite into " + compacted + " files", m.text("rewrite"));
        Change writeFewer = delta ? Change.table("auto-compaction", m.text("autoCompact"))
                : Change.code("repartition(" + compacted + ") before the write", m.text("writeFewer"));
        List<Step> steps = List.of(new Step(1, List.of(compact), m.list("checksCompact"), m.text("rollbackCompact")),
                new Step(2, List.of(writeFewer), m.list("checksWriter"), m.text("rollbackWriter")));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("location", e.location());
        evidence.put("format", e.format());
        evidence.put("files", e.files());
        evidence.put("bytesRead", e.bytesRead());
        evidence.put("avgFileBytes", e.avgFileBytes());
        evidence.put("maxPartitionBytes", e.splits().maxPartitionBytes());
        evidence.put("openCostInBytes", e.splits().openCostBytes());
        evidence.put("splitBytes", e.splitBytes());
        evidence.put("filesPerTask", e.filesPerTask());
        evidence.put("tasksCreated", e.tasksCreated());
        evidence.put("tasksObserved", e.tasksObserved());
        evidence.put("compactedFiles", compacted);
        evidence.put("tasksIfCompacted", e.tasksIfCompacted(target));
        evidence.put("scanTaskMs", e.scanTaskMs());
        evidence.put("scanWallMs", e.scanWallMs());

        long savedTaskMs = e.savedTaskMs(target);
        return new Finding(RULE, Layer.DATA_ACCESS, severity, m.text("title"), e.stageIds(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), steps, m.text("proof"), m.text("experiment")),
                new Savings(savedTaskMs / Math.max(1, e.slots()), Format.round(savedTaskMs / 3_600_000.0)));
    }
}
