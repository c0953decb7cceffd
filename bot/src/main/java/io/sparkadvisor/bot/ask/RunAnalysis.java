package io.sparkadvisor.bot.ask;

import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.bot.chart.Charts;
import io.sparkadvisor.bot.approvals.ClusterTargets;
import io.sparkadvisor.bot.approvals.SpecDrift;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.EventLog;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * From what a person typed to advice: resolve the run, fetch its clusters, stream each cluster's
 * event log into facts (with the cluster's real shape; kept facts when the log was read before), add what the system
 * tables tell of its machines and tables ({@link SystemTableFacts}) and run the rules. A run whose tasks used
 * several clusters ran several Spark applications: each gets its own advice.
 */
public final class RunAnalysis {
    private final Workspace workspace;
    private final Advisor advisor;
    /** The fleet scan posts no charts, and drawing them is a good part of a small run's analysis. */
    private final boolean drawCharts;

    public RunAnalysis(Workspace workspace, Advisor advisor) {
        this(workspace, advisor, true);
    }

    public RunAnalysis(Workspace workspace, Advisor advisor, boolean drawCharts) {
        this.workspace = workspace;
        this.advisor = advisor;
        this.drawCharts = drawCharts;
    }

    public RunRef resolve(String query) {
        try {
            return workspace.resolve(query);
        } catch (IllegalArgumentException e) {
            throw new UnclearAskException(e.getMessage());
        }
    }

    public List<AnalysedRun> analyse(RunRef ref, Progress progress) {
        progress.step(AskReply.FETCHING.text("runId", ref.runId()));
        return analyse(workspace.fetch(ref), progress);
    }

    /**
     * Throws {@link EventLogUnavailableException} when no cluster of the run delivered a log. A serverless run has none:
     * its statements from the query history stand in for it.
     */
    public List<AnalysedRun> analyse(RunTelemetry telemetry, Progress progress) {
        if (telemetry.run().serverless()) {
            return List.of(serverless(telemetry, progress));
        }
        List<ClusterTelemetry> withLogs = withLogs(telemetry);
        List<AnalysedRun> out = new ArrayList<>();
        for (ClusterTelemetry cluster : withLogs) {
            out.add(analyse(telemetry, cluster, withLogs.size() > 1, progress));
        }
        return out;
    }

    private AnalysedRun analyse(RunTelemetry telemetry, ClusterTelemetry cluster, boolean severalClusters, Progress progress) {
        long total = size(cluster);
        progress.downloaded(0, total);
        RunFacts facts = SystemTableFacts.added(workspace, workspace.facts(telemetry, cluster, bytes -> progress.downloaded(bytes, total)),
                cluster.clusterId());
        progress.step(AskReply.ANALYSING.text("tasks", String.format(Locale.ROOT, "%,d", facts.coverage().tasks())));
        String subject = severalClusters ? AskReply.SUBJECT_OF_CLUSTER.text("subject", subject(telemetry), "clusterId", cluster.clusterId(),
                "taskKeys", String.join(", ", cluster.taskKeys())) : subject(telemetry);
        Advice advice = advisor.advise(facts);
        Map<String, Chart> charts = new HashMap<>();
        for (Finding f : drawCharts ? advice.findings() : List.<Finding>of()) {
            Charts.forFinding(f, facts).ifPresent(chart -> charts.put(f.rule(), chart));
        }
        ClusterTarget target = ClusterTargets.of(telemetry.jobSettingsJson(), cluster.taskKeys()).orElse(null);
        return new AnalysedRun(telemetry.ref(), target, severalClusters ? cluster.clusterId() : null, subject, advice, Map.copyOf(charts),
                Math.max(total, 0), SpecDrift.between(cluster.declaredSpecJson(), telemetry.jobSettingsJson(), target), telemetry.jobSettingsJson(),
                ClusterSize.of(facts.cluster()), Stake.of(new RunView(facts)));
    }

    /** The run's clusters that delivered an event log; {@link EventLogUnavailableException} saying why when none did. */
    public static List<ClusterTelemetry> withLogs(RunTelemetry telemetry) {
        List<ClusterTelemetry> withLogs = telemetry.clusters().stream().filter(c -> c.eventLog() instanceof EventLog.Delivered).toList();
        if (withLogs.isEmpty()) {
            throw new EventLogUnavailableException(telemetry.clusters().stream().map(c -> whyNoLog(c.eventLog()))
                    .findFirst().orElse(AskReply.NO_CLUSTER.text("runId", telemetry.ref().runId())));
        }
        return withLogs;
    }

    private AnalysedRun serverless(RunTelemetry telemetry, Progress progress) {
        progress.step(AskReply.READING_STATEMENTS.text("runId", telemetry.ref().runId()));
        ServerlessRun run = SystemTableFacts.added(workspace, workspace.serverless(telemetry));
        Advice advice = advisor.advise(run);
        // No cluster to change (a job's own fields, its performance_target, are) and no slot timeline to draw.
        ClusterTarget target = telemetry.ref().jobId() == null ? null : new ClusterTarget.NoCluster();
        return new AnalysedRun(telemetry.ref(), target, null, subject(telemetry), advice, Map.of(), 0, List.of(), telemetry.jobSettingsJson(),
                ClusterSize.UNKNOWN, Stake.of(new RunView(run)));
    }

    /** Bytes of the cluster's event log, or -1 when a part's size is unknown. */
    private static long size(ClusterTelemetry cluster) {
        List<LogPart> parts = cluster.eventLog().parts();
        return parts.stream().mapToLong(LogPart::size).allMatch(s -> s >= 0) ? parts.stream().mapToLong(LogPart::size).sum() : -1;
    }

    /** The locator's explanation, which names the cluster and the cluster_log_conf that fixes it. */
    private static String whyNoLog(EventLog log) {
        if (log instanceof EventLog.Live live) {
            return live.whyNoLog();
        }
        return ((EventLog.Unavailable) log).reason();
    }

    public static String subject(RunTelemetry telemetry) {
        String name = telemetry.run().runName();
        return AskReply.SUBJECT.text("runId", telemetry.ref().runId(), "runName", name == null || name.isBlank() ? "" : name);
    }
}
