package io.sparkadvisor.bot.followup;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_HISTORY_RUNS;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A baseline run with the job's runs before it: one runs/list call for up to {@code follow-up.historyRuns} earlier
 * completed runs, then each one's facts (a runs/get and the cluster reads of any fetch; the log only when the facts
 * cache does not hold it). Runs whose log is gone are left out; {@link RunHistory} keeps those with the same setup.
 */
final class JobHistoryRuns {
    private final Workspace workspace;
    private final Thresholds thresholds;

    JobHistoryRuns(Workspace workspace, Thresholds thresholds) {
        this.workspace = workspace;
        this.thresholds = thresholds;
    }

    Thresholds thresholds() {
        return thresholds;
    }

    /**
     * {@code baselineStartMs}: when the baseline run started; {@code facts}: a run's facts for the recommendation's
     * cluster, empty when its log is gone.
     */
    RunHistory of(long jobId, long baselineStartMs, RunFacts baseline, Function<RunRef, Optional<RunFacts>> facts) {
        List<RunFacts> earlier = workspace.runsBefore(jobId, baselineStartMs, (int) thresholds.get(FOLLOW_UP_HISTORY_RUNS))
                .stream().flatMap(run -> facts.apply(run).stream()).toList();
        return RunHistory.of(baseline, earlier, thresholds);
    }
}
