package io.sparkadvisor.rules.queryplan.photonfallback;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.queryplan.photonfallback.OutsideOperator.Cause;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One step per operator outside Photon, naming it and what kept it out: a UDF or an expression is a code change
 * (built-in functions Photon runs), a non-Photon source is read from a Delta copy, and a sort-merge join Photon
 * refuses is the one setting (the shuffled hash join Photon runs). The saving is the operators' stages run
 * {@code photon-fallback.photonSpeedup} times faster: an upper bound, as the stages also run Photon operators.
 */
final class PhotonFallbackAdvice {
    static final String PREFER_SORT_MERGE_JOIN = "spark.sql.join.preferSortMergeJoin";

    private PhotonFallbackAdvice() {}

    static Remedy remedy(PhotonFallbackEvidence e, Diagnosis d, Thresholds t) {
        double saved = 1 - 1 / t.get(PhotonFallbackRule.PHOTON_SPEEDUP);
        Map<String, Object> scope = new HashMap<>();
        scope.put("executionId", e.executionId());
        scope.put("count", e.operators().size());
        scope.put("names", String.join(", ", e.outside().stream().map(OutsideOperator::name).distinct().toList()));
        scope.put("stages", e.stageIds().toString());
        scope.put("taskTime", Format.duration(e.stageTaskMs()));
        scope.put("wall", Format.duration(e.stageWallMs()));
        scope.put("share", Format.percent(e.shareOfRunTask()));
        scope.put("rows", String.format("%,d", e.rowsThrough()));
        scope.put("transitions", e.transitions());
        scope.put("unsupported", String.join(" ", e.unsupported()));
        Messages m = Messages.of(PhotonFallbackRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        for (OutsideOperator o : e.outside().stream().distinct().toList()) {
            steps.add(step(steps.size() + 1, o, scope, t));
        }
        return Remedy.of(m, "summary", steps,
                Savings.of(Math.round(e.stageWallMs() * saved), e.stageTaskMs() * saved));
    }

    private static Step step(int number, OutsideOperator o, Map<String, Object> common, Thresholds t) {
        Map<String, Object> scope = new HashMap<>(common);
        scope.put("name", o.name());
        scope.put("operator", o.operator());
        scope.put("why", o.unsupported().isEmpty() ? Messages.of(PhotonFallbackRule.ID, Map.of()).text("noExplanation")
                : String.join(" ", o.unsupported()));
        Messages m = Messages.of(PhotonFallbackRule.ID, scope, t);
        if (o.cause() == Cause.SORT_MERGE_JOIN) {
            Checks run = Checks.ofRun();
            // What the setting moves: the join planned as a shuffled hash join, which Photon runs, so one operator fewer outside it.
            MetricCheck inPhoton = new MetricCheck(Metric.PHOTON_FALLBACKS.ofRun(), Comparison.AT_MOST_BASELINE_MINUS, 1, m.text("joinInPhotonCheck"));
            return new Step(number, List.of(Change.sparkConf(PREFER_SORT_MERGE_JOIN, false)), m.list("joinChecks"),
                    m.text("joinRollback"), List.of(inPhoton, run.notSlower(t), run.noOutOfMemory()));
        }
        String kind = switch (o.cause()) {
            case UDF -> "udf";
            case SOURCE -> "source";
            default -> "expression";
        };
        return new Step(number, List.of(Change.code(m.text(kind + "Change"), m.text(kind + "Snippet"))), m.list("checks"),
                m.text("rollback"));
    }
}
