package io.sparkadvisor.rules.execution.shufflesizing;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The shuffle-sizing recommendation: spark.sql.shuffle.partitions from the shuffle's bytes (on Databricks
 * {@code auto}, which sizes every shuffle of the job from its own bytes, with AQE and its coalescing on, which
 * auto works through); a number goes into the job's cluster only when the job benefits ({@link JobWide}), else it is
 * set for the stage's query; a count the code's repartition(n) made is changed in the code. The follow-up measures the stage's task count at most the proposed one (for a
 * number), the stage not slower and no disk spill.
 */
final class ShuffleSizingAdvice {
    private static final String AUTO = "auto";

    private ShuffleSizingAdvice() {}

    static Remedy remedy(ShuffleSizingEvidence e, Diagnosis d, Thresholds t) {
        boolean small = e.kind() == ShuffleSizingKind.TOO_SMALL;
        String value = e.databricks() ? AUTO : String.valueOf(e.proposedPartitions());
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("partitions", e.partitions());
        scope.put("bytes", Format.bytes(e.shuffleReadBytes()));
        scope.put("perPartition", Format.bytes(e.bytesPerPartition()));
        scope.put("medianTask", Format.duration(e.medianTaskMs()));
        scope.put("setting", e.shufflePartitions());
        scope.put("proposed", e.proposedPartitions());
        scope.put("value", value);
        scope.put("auto", e.databricks());
        scope.put("spilled", Format.bytes(e.spilledBytes()));
        scope.put("saved", Format.duration(e.savedWallMs()));
        scope.put("target", Format.bytes(t.getLong(ShuffleSizingRule.TARGET_PARTITION_BYTES)));
        Messages m = Messages.of(ShuffleSizingRule.ID, scope, t);

        if (!e.countFromSetting()) {
            return byCode(e, m, t);
        }
        List<Change> changes = new ArrayList<>(List.of(JobWide.setting("spark.sql.shuffle.partitions", value, e.stageId(), e.jobWide())));
        if (!e.aqeCoalescing() && e.databricks()) {
            // auto leaves the count to AQE and its coalescing: both must be on.
            changes.add(Change.sparkConf("spark.sql.adaptive.enabled", "true"));
            changes.add(Change.sparkConf("spark.sql.adaptive.coalescePartitions.enabled", "true"));
        }
        Checks stage = Checks.ofStage(e.stageId());
        List<MetricCheck> verify = new ArrayList<>();
        if (!e.databricks()) {
            verify.add(new MetricCheck(stage.metric(Metric.TASKS), Comparison.AT_MOST, e.proposedPartitions(),
                    m.text("countCheck")));
        } else if (e.kind() == ShuffleSizingKind.TOO_SMALL) {
            // under auto AQE picks the count: the run's tasks fall by at least half the partitions the merge removes
            verify.add(Checks.ofRun().fewerTasks(Math.max(1, (e.partitions() - e.proposedPartitions()) / 2)));
        }
        verify.add(stage.notSlower(t));
        verify.add(stage.noDiskSpill());
        return remedy(e, m, new Step(1, changes, m.list(checks(e)), m.text("rollback"), verify), "preconditions");
    }

    /** The job's code sets the count (repartition, coalesce): the same count, in the code. */
    private static Remedy byCode(ShuffleSizingEvidence e, Messages m, Thresholds t) {
        Checks stage = Checks.ofStage(e.stageId());
        Step step = new Step(1, List.of(Change.code(m.text("codeChange"), m.text("codeSnippet"))), m.list(checks(e)),
                m.text("rollback"), List.of(new MetricCheck(stage.metric(Metric.TASKS), Comparison.AT_MOST,
                        e.proposedPartitions(), m.text("countCheck")), stage.notSlower(t), stage.noDiskSpill()));
        return remedy(e, m, step, "preconditionsCode");
    }

    private static String checks(ShuffleSizingEvidence e) {
        return e.kind() == ShuffleSizingKind.TOO_SMALL ? "checksSmall" : "checksLarge";
    }

    private static Remedy remedy(ShuffleSizingEvidence e, Messages m, Step step, String preconditions) {
        String kind = e.kind() == ShuffleSizingKind.TOO_SMALL ? "Small" : "Large";
        String how = e.countFromSetting() ? "" : "Code";
        return new Remedy(m.text("title" + kind), new Recommendation(m.text("summary" + kind + how), m.list(preconditions),
                List.of(step), m.text("proof" + kind), m.text("experiment" + how)), Savings.of(e.savedWallMs(), e.savedTaskMs()));
    }
}
