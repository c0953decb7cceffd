package io.sparkadvisor.bot.compare;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_HISTORY_RUNS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_NOISE_WIDTH;

import io.sparkadvisor.bot.ask.Progress;
import io.sparkadvisor.bot.ask.RunAnalysis;
import io.sparkadvisor.bot.ask.UnclearAskException;
import io.sparkadvisor.bot.chart.Charts;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.rules.advisor.NoiseBand;
import io.sparkadvisor.rules.compare.Comparer;
import io.sparkadvisor.rules.compare.Comparison;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.List;
import java.util.Optional;

/**
 * "Why did this run take longer?": the run compared ({@link Comparer}) with a baseline run of its job, the one asked
 * for or else the median run of the job's {@link HistoryBand}. A run's facts are those of its first cluster that
 * delivered an event log; earlier runs whose log is gone are left out of the history. Each run read costs a runs/get
 * and, unless the facts cache holds it, its log: at most {@code follow-up.historyRuns} earlier runs are read.
 */
public final class RunComparisons {
    private final Workspace workspace;
    private final Thresholds thresholds;
    private final Comparer comparer;

    public RunComparisons(Workspace workspace, Thresholds thresholds) {
        this.workspace = workspace;
        this.thresholds = thresholds;
        this.comparer = new Comparer(thresholds);
    }

    /** {@code baseline}: the run to compare with, else the median run of the job's history band. */
    public Why explain(RunRef ref, Optional<RunRef> baseline, Progress progress) {
        progress.step(AskReply.FETCHING.text("runId", ref.runId()));
        ReadRun run = read(ref);
        Optional<ReadRun> base;
        int bandRuns = 0;
        if (baseline.isPresent()) {
            base = Optional.of(read(sameJob(ref, baseline.get())));
        } else {
            progress.step(AskReply.WHY_READING_HISTORY.text("runs", (long) thresholds.get(FOLLOW_UP_HISTORY_RUNS)));
            Optional<HistoryBand> band = history(run);
            base = band.map(HistoryBand::medianRun);
            bandRuns = band.map(b -> b.runs().size()).orElse(0);
        }
        if (base.isEmpty()) {
            return new Why.NoHistory(run);
        }
        progress.step(AskReply.WHY_COMPARING.text("runId", ref.runId(), "baselineId", base.get().ref().runId()));
        Comparison comparison = comparer.compare(run.facts(), base.get().facts());
        return new Why.Explained(run, base.get(), bandRuns, comparison, Charts.waterfall(comparison));
    }

    /**
     * Whether an asked run took longer than its job's history band allows: where an answer offers "why". False for a
     * run of no job or one whose job has too few earlier runs with a log to know its spread.
     */
    public boolean slowerThanUsual(RunRef ref, long appStartMs, long durationMs) {
        if (ref.jobId() == null) {
            return false;
        }
        List<ReadRun> earlier = earlierRuns(ref, appStartMs);
        return HistoryBand.of(earlier, this::usual).map(b -> b.slower(durationMs)).orElse(false);
    }

    /** A figure's usual value and spread over a job's runs, as a run's time is judged ({@code follow-up.noiseWidth}). */
    public NoiseBand usual(List<Double> values) {
        return NoiseBand.of(values, thresholds.get(FOLLOW_UP_NOISE_WIDTH));
    }

    private Optional<HistoryBand> history(ReadRun run) {
        return run.ref().jobId() == null ? Optional.empty() : HistoryBand.of(earlierRuns(run.ref(), run.startMs()), this::usual);
    }

    /** The job's completed runs before {@code beforeMs} other than {@code ref} that delivered a log, newest first. */
    private List<ReadRun> earlierRuns(RunRef ref, long beforeMs) {
        return workspace.runsBefore(ref.jobId(), beforeMs, (int) thresholds.get(FOLLOW_UP_HISTORY_RUNS)).stream()
                .filter(r -> r.runId() != ref.runId()).flatMap(r -> readIfLogged(r).stream()).toList();
    }

    private Optional<ReadRun> readIfLogged(RunRef ref) {
        try {
            return Optional.of(read(ref));
        } catch (EventLogUnavailableException gone) {
            return Optional.empty();
        }
    }

    private ReadRun read(RunRef ref) {
        RunTelemetry telemetry = workspace.fetch(ref);
        ClusterTelemetry cluster = RunAnalysis.withLogs(telemetry).get(0);
        return new ReadRun(ref, RunAnalysis.subject(telemetry), telemetry.run().startMs(), workspace.facts(telemetry, cluster, bytes -> {}));
    }

    /** A baseline of another job explains nothing about this one (and its job's viewers were not asked). */
    private static RunRef sameJob(RunRef run, RunRef baseline) {
        if (run.jobId() == null || !run.jobId().equals(baseline.jobId())) {
            throw new UnclearAskException(AskReply.WHY_OTHER_JOB.text("runId", run.runId(), "jobId", String.valueOf(run.jobId()),
                    "baselineId", baseline.runId(), "baselineJobId", String.valueOf(baseline.jobId())));
        }
        return baseline;
    }
}
