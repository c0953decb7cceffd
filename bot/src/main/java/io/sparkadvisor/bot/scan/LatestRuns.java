package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.ask.Progress;
import io.sparkadvisor.bot.ask.AnalysedRun;
import io.sparkadvisor.bot.ask.RunAnalysis;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.approvals.ClusterTargets;
import io.sparkadvisor.bot.scan.JobScan.Unreadable.Kind;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.rules.advisor.Advisor;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The fleet scan's view of a job: its latest completed run, analysed as an ask would be (facts
 * cache included). A run that used several clusters is judged by its longest application. What
 * cannot be read is sorted by what fixes it, from the cluster's log delivery settings and the
 * workspace's answer.
 */
public final class LatestRuns implements JobAnalyser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Workspace workspace;
    private final RunAnalysis analysis;

    public LatestRuns(Workspace workspace, Advisor advisor) {
        this.workspace = workspace;
        this.analysis = new RunAnalysis(workspace, advisor, false);
    }

    @Override
    public JobScan analyse(JobCost job) {
        RunRef ref;
        try {
            ref = workspace.resolve("job:" + job.jobId());
        } catch (WorkspaceNotFoundException e) {
            return unreadable(job, 0, Kind.NO_COMPLETED_RUN, e);
        } catch (WorkspacePermissionException e) {
            return unreadable(job, 0, Kind.PERMISSIONS, e);
        }
        RunTelemetry telemetry = null;
        try {
            telemetry = workspace.fetch(ref);
            AnalysedRun run = analysis.analyse(telemetry, Progress.NONE).stream()
                    .max(Comparator.comparingLong(r -> r.advice().application().durationMs())).orElseThrow();
            String target = run.target() == null || !run.drift().isEmpty() ? null : ClusterTargets.encode(run.target());
            return JobScan.analysed(job.jobId(), job.jobName(), ref.runId(), run.advice().application().durationMs(), run.cluster(), target,
                    target == null ? null : run.jobSettingsJson(), run.advice().findings(), run.stake());
        } catch (EventLogUnavailableException e) {
            return unreadable(job, ref.runId(), telemetry == null ? Kind.LOG_MISSING : whyNoLog(telemetry), e);
        } catch (WorkspacePermissionException e) {
            return unreadable(job, ref.runId(), Kind.PERMISSIONS, e);
        } catch (WorkspaceNotFoundException e) {
            return unreadable(job, ref.runId(), Kind.LOG_MISSING, e);
        } catch (WorkspaceException e) {
            return unreadable(job, ref.runId(), Kind.FAILED, e);
        }
    }

    private static JobScan unreadable(JobCost job, long runId, Kind kind, RuntimeException e) {
        return JobScan.unreadable(job.jobId(), job.jobName(), runId, kind, e.getMessage());
    }

    /** From the first cluster's log delivery: none, S3, a DBFS mount, or a destination whose log is gone. */
    private static Kind whyNoLog(RunTelemetry telemetry) {
        JsonNode conf = telemetry.clusters().stream().findFirst().flatMap(LatestRuns::logConf).orElse(null);
        if (conf == null || conf.isEmpty()) {
            return Kind.NO_LOG_DELIVERY;
        }
        if (conf.has("s3")) {
            return Kind.S3_DESTINATION;
        }
        return conf.path("dbfs").path("destination").asText("").matches("(?i)(dbfs:)?/+mnt(/.*)?") ? Kind.DBFS_MOUNT : Kind.LOG_MISSING;
    }

    private static Optional<JsonNode> logConf(ClusterTelemetry cluster) {
        for (String json : List.of(Optional.ofNullable(cluster.clusterJson()).orElse("{}"),
                Optional.ofNullable(cluster.declaredSpecJson()).orElse("{}"))) {
            try {
                JsonNode conf = JSON.readTree(json).get("cluster_log_conf");
                if (conf != null) {
                    return Optional.of(conf);
                }
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
