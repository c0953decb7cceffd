package io.sparkadvisor.rules.dataaccess.deltalayout;

import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.knowledge.derive.DeltaSnapshots;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Exact;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.Compaction;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scan of a Delta table's data files and what its layout costs: how many files it opened, how
 * small they are on average (the scan metrics give totals, not a distribution), the columns its
 * filter tests (what Z-order or clustering would serve), and what OPTIMIZE into files of the
 * target size would leave of its tasks and task time.
 *
 * @param table the catalog table the plan names, empty when the table was read by its path
 * @param location the table's root location
 * @param tableFormat always delta: the files are a Delta table's
 * @param files data files the scan read (after Delta's data skipping)
 * @param bytesRead bytes of those files
 * @param avgFileBytes bytesRead / files
 * @param filterColumns columns the scan's data filters test, in order of first mention
 * @param tableFiles live data files of the table when the run shows them (files read + pruned on Databricks, open-source
 *     Delta's file filtering), else 0
 * @param keptShare files / tableFiles: what data skipping left to read (1: it skipped nothing), 0 when tableFiles is unknown
 * @param targetFileBytes the file size OPTIMIZE writes (the run's spark.databricks.delta.optimize.maxFileSize, else the threshold)
 * @param compactedFiles files of the target size holding the same bytes
 * @param tasksObserved tasks the scan's stages ran
 * @param tasksIfCompacted tasks Spark would create for the compacted files
 * @param scanTaskMs task time of the scan's stages
 * @param scanWallMs wall time of the scan's stages
 * @param liquidClustering the run is on a Databricks Runtime with liquid clustering (ALTER TABLE ... CLUSTER BY)
 * @param predictiveOptimization Databricks' predictive optimization maintains the table (a Unity Catalog managed table
 *     whose effective flag is ENABLE, as tables/get says): it runs OPTIMIZE itself, so the advice has no OPTIMIZE step
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on the table (epoch ms), 0 when its
 *     history shows none or was not read
 * @param stageIds the stages that ran the scan
 * @param savedTaskMs task time the scan would not spend on compacted files
 * @param savedWallMs wall time that frees, at most the scan's own
 * @param appDurationMs the run's duration
 */
public record DeltaFileLayoutEvidence(String table, String location, String tableFormat, long files, long bytesRead,
        long avgFileBytes, List<String> filterColumns, long tableFiles, @Exact double keptShare, long targetFileBytes,
        long compactedFiles, long tasksObserved, long tasksIfCompacted, long scanTaskMs, long scanWallMs, boolean liquidClustering,
        boolean predictiveOptimization, long lastOptimizeMs, @Internal List<Integer> stageIds, @Internal long savedTaskMs, @Internal long savedWallMs,
        @Internal long appDurationMs) implements Evidence {

    /** The major and minor version at the start of a Databricks Runtime name: {@code 15.4.x-scala2.12}. */
    private static final Pattern RUNTIME_VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");

    public static List<DeltaFileLayoutEvidence> of(RunView run, Thresholds t) {
        FileSplits splits = FileSplits.of(run.facts().properties(), run.slots());
        long target = run.sparkBytes(DeltaFileLayoutRule.OPTIMIZE_MAX_FILE_SIZE, 1)
                .orElse(t.getLong(DeltaFileLayoutRule.TARGET_FILE_BYTES));
        boolean liquid = liquidClustering(run.facts().platform(), t.get(DeltaFileLayoutRule.MIN_LIQUID_RUNTIME));
        return ScanRead.all(run).stream().filter(r -> r.scan().deltaTable() && r.scan().filesRead() > 0)
                .map(r -> of(r, splits, target, liquid, run)).toList();
    }

    private static DeltaFileLayoutEvidence of(ScanRead r, FileSplits splits, long target, boolean liquid, RunView run) {
        var scan = r.scan();
        Compaction c = Compaction.of(splits, scan.bytesRead(), r.tasks(), r.taskMs(), target);
        long tableFiles = DeltaSnapshots.tableFiles(run.facts().sqlExecutions(), r.sql(), scan).orElse(0);
        double kept = tableFiles > 0 ? (double) scan.filesRead() / tableFiles : 0;
        PredictiveOptimization maintained = PredictiveOptimization.of(run, scan.table(), scan.locations());
        return new DeltaFileLayoutEvidence(scan.table(), String.join(", ", scan.locations()), scan.tableFormat(),
                scan.filesRead(), scan.bytesRead(), scan.bytesRead() / scan.filesRead(), scan.dataFilterColumns(), tableFiles,
                kept, target, c.compactedFiles(), r.tasks(), c.tasksIfCompacted(), r.taskMs(), r.stageWallMs(), liquid,
                maintained.maintained(), maintained.lastOptimizeMs(), r.stageIds(), c.savedTaskMs(), c.savedWallMs(run.slots(), r.stageWallMs()), run.appDurationMs());
    }

    /**
     * Serverless, or Databricks at {@code minRuntime} or later (a version such as 15.2: major, then one digit of minor);
     * overread asks it too, with this rule's {@link DeltaFileLayoutRule#MIN_LIQUID_RUNTIME}.
     */
    public static boolean liquidClustering(PlatformFacts platform, double minRuntime) {
        if (platform.serverlessOn()) {
            return true; // serverless runs a current runtime, with liquid clustering, whatever its name says
        }
        Optional<Matcher> version = platform.runtime().map(RUNTIME_VERSION::matcher).filter(Matcher::find);
        if (!platform.databricks() || version.isEmpty()) {
            return false;
        }
        int major = Integer.parseInt(version.get().group(1));
        int minor = Integer.parseInt(version.get().group(2));
        int minMajor = (int) minRuntime;
        return major > minMajor || major == minMajor && minor >= Math.round((minRuntime - minMajor) * 10);
    }

    /** The share of the run's wall time the scan's stages took; the DRL reads it for severity. */
    public double shareOfApp() {
        return (double) scanWallMs / Math.max(1, appDurationMs);
    }

    /** A read by path: the plan names no catalog table. */
    public boolean pathRead() {
        return table.isEmpty();
    }
}
