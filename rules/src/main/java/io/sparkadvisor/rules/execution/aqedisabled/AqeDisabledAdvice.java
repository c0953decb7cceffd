package io.sparkadvisor.rules.execution.aqedisabled;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The aqe-disabled recommendation: the override that turned AQE off undone (spark.sql.adaptive.enabled back to its
 * default, true; where the job's cluster does not set it, the job's code does, and that line goes too), naming the
 * stages it coalesces or splits and what each saves. AQE renumbers the stages it re-plans, so the follow-up measures the run: not slower.
 */
final class AqeDisabledAdvice {
    private AqeDisabledAdvice() {}

    static Remedy remedy(AqeDisabledEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("version", e.sparkVersion());
        scope.put("stages", e.stages().size());
        scope.put("coalescedStages", e.coalescedStages());
        scope.put("splitStages", e.splitStages());
        scope.put("anySplit", e.splitStages() > 0);
        scope.put("coalesced", e.stages().stream().filter(AqeStage::coalesced).map(AqeDisabledAdvice::words).toList());
        scope.put("split", e.stages().stream().filter(AqeStage::split).map(AqeDisabledAdvice::words).toList());
        scope.put("helped", Format.duration(e.helpedWallMs()));
        scope.put("saved", Format.duration(e.savedWallMs()));
        scope.put("inCode", e.setBy().equals("code"));
        scope.put("key", AqeDisabledEvidence.KEY);
        Messages m = Messages.of(AqeDisabledRule.ID, scope, t);
        Step step = new Step(1, List.of(Change.sparkConf(AqeDisabledEvidence.KEY, "true")), m.list("checks"),
                m.text("rollback"), checks(e, t));
        List<String> preconditions = new ArrayList<>(m.list("preconditions"));
        if (e.setBy().equals("code")) {
            preconditions.add(m.text("overrideInCode"));
        }
        return Remedy.of(m, "summary", preconditions, List.of(step), Savings.of(e.savedWallMs(), e.savedTaskMs()));
    }

    /**
     * Not slower, and where stages would be coalesced, at least half the tasks their merge removes gone: what AQE's
     * coalescing moves, counted over the whole run (AQE renumbers the stages it re-plans).
     */
    private static List<MetricCheck> checks(AqeDisabledEvidence e, Thresholds t) {
        long merged = e.stages().stream().filter(AqeStage::coalesced).mapToLong(s -> s.partitions() - s.coalescedPartitions()).sum();
        Checks run = Checks.ofRun();
        return merged > 0 ? List.of(run.notSlower(t), run.fewerTasks(Math.max(1, merged / 2))) : List.of(run.notSlower(t));
    }

    /** A stage's numbers for the message's list. */
    private static Map<String, Object> words(AqeStage s) {
        return Map.of("stageId", s.stageId(), "partitions", s.partitions(), "into", s.coalescedPartitions(),
                "bytes", Format.bytes(s.shuffleReadBytes()), "median", Format.duration(s.medianTaskMs()),
                "skewed", Format.bytes(s.skewedPartitionBytes()), "saved", Format.duration(s.savedWallMs()));
    }
}
