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
import io.sparkadvisor.databricks.fetch.RunSummary;
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
 * and, unless the facts cache holds it, its log: at most {@code follow-up.historyRuns} earlier runs are read. Whether a
 * run is slower than usual is judged on the Jobs API's run times alone, cheap enough to ask after every answer.
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
     * Whether an asked run took longer than its job's latest earlier runs usually do (Jobs run times: the earlier ones
     * from one runs/list call, no event log is read): where an answer offers "why". False for a run of no job.
     */
    public boolean slowerThanUsual(RunRef ref) {
        if (ref.jobId() == null) {
            return false;
        }
        RunSummary run = workspace.fetch(ref).run();
        List<Double> before = workspace.wallTimesBefore(ref.jobId(), run.startMs(), (int) thresholds.get(FOLLOW_UP_HISTORY_RUNS)).stream()
                .map(Long::doubleValue).toList();
        return aboveUsual(before, wallMs(run));
    }

    /** A figure's usual value and spread over a job's runs ({@code follow-up.noiseWidth}), as the follow-up's checks judge them. */
    public NoiseBand usual(List<Double> values) {
        return NoiseBand.of(values, thresholds.get(FOLLOW_UP_NOISE_WIDTH));
    }

    /** Beyond the usual spread of {@code usual}, which has three values or more: one or two say nothing of a job's spread. */
    public boolean aboveUsual(List<Double> usual, double value) {
        if (usual.isEmpty()) {
            return false;
        }
        NoiseBand band = usual(usual);
        return !band.guess() && value > band.median() + band.noise();
    }

    private static long wallMs(RunSummary run) {
        return Math.max(0, run.endMs() - run.startMs());
    }

    private Optional<HistoryBand> history(ReadRun run) {
        if (run.ref().jobId() == null) {
            return Optional.empty();
        }
        List<ReadRun> earlier = workspace.runsBefore(run.ref().jobId(), run.startMs(), (int) thresholds.get(FOLLOW_UP_HISTORY_RUNS)).stream()
                .flatMap(r -> readIfLogged(r).stream()).toList();
        return HistoryBand.of(earlier);
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
