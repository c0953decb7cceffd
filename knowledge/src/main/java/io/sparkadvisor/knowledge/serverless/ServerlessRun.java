package io.sparkadvisor.knowledge.serverless;

import io.sparkadvisor.knowledge.cluster.Cloud;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.SlotTimeline;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A run on serverless compute, which leaves no Spark event log: its statements from query history, its cost from
 * {@code system.billing.usage}, its job's performance mode and what the job's settings say about latency, and the job's
 * recent runs as billing saw them (to compare the modes).
 *
 * @param jobId the job's id; empty for statements not run by a job
 * @param runId the job run's id; empty likewise
 * @param startMs when the run started
 * @param endMs when it ended
 * @param mode the job's performance mode
 * @param continuous the job runs continuously (a streaming job): it never waits for a start
 * @param durationAlertMs the job's {@code RUN_DURATION_SECONDS} health rule, when it has one
 * @param dbus DBUs the run was billed; 0 when billing was not read
 * @param dollars their list cost; 0 when billing was not read
 * @param statements the run's statements, in start order
 * @param recentRuns the job's recent runs with their modes, this one included
 * @param tableMaintenance whether Databricks maintains the tables its statements read (predictive optimization); empty
 *        when not read
 */
public record ServerlessRun(String jobId, String runId, long startMs, long endMs, PerformanceMode mode, boolean continuous,
        OptionalLong durationAlertMs, double dbus, double dollars, List<StatementFacts> statements, List<RecentRun> recentRuns,
        List<TableMaintenance> tableMaintenance) {

    public ServerlessRun {
        statements = List.copyOf(statements);
        recentRuns = List.copyOf(recentRuns);
        tableMaintenance = List.copyOf(tableMaintenance);
    }

    /** A run as query history and billing tell it, before any table is looked up. */
    public ServerlessRun(String jobId, String runId, long startMs, long endMs, PerformanceMode mode, boolean continuous,
            OptionalLong durationAlertMs, double dbus, double dollars, List<StatementFacts> statements, List<RecentRun> recentRuns) {
        this(jobId, runId, startMs, endMs, mode, continuous, durationAlertMs, dbus, dollars, statements, recentRuns, List.of());
    }

    /** The same run with the maintenance of the tables its statements read. */
    public ServerlessRun withTableMaintenance(List<TableMaintenance> tables) {
        return new ServerlessRun(jobId, runId, startMs, endMs, mode, continuous, durationAlertMs, dbus, dollars, statements,
                recentRuns, tables);
    }

    /** Every table its statements read, in the order they first appear. */
    public List<String> tablesRead() {
        return statements.stream().flatMap(s -> s.tables().read().stream()).distinct().toList();
    }

    public long durationMs() {
        return Math.max(0, endMs - startMs);
    }

    /** Whether billing told what the run cost. */
    public boolean priced() {
        return dollars > 0;
    }

    /** Task time over all statements: what each statement's share of the run's cost is weighed by. */
    public long taskMs() {
        return statements.stream().mapToLong(StatementFacts::taskMs).sum();
    }

    /** The share of the run's cost a statement's task time accounts for. */
    public double dollarsOf(StatementFacts s) {
        long all = taskMs();
        return all == 0 ? 0 : dollars * s.taskMs() / all;
    }

    /**
     * The run as event-log facts with nothing read from a log: no stages, executors or plans, a Databricks serverless
     * platform with Photon, and the tables' maintenance. The event-log rules find nothing in it; the run's time and id are those of the job run.
     */
    public RunFacts asRunFacts() {
        String id = runId.isEmpty() ? "serverless-statements" : "run-" + runId;
        String name = jobId.isEmpty() ? "serverless statements" : "job " + jobId + " run " + runId;
        ApplicationFacts app = new ApplicationFacts(id, name, "", startMs, endMs);
        Coverage coverage = new Coverage(0, 0, 0, false, 0, 0, "", true, List.of()); // no event read
        PlatformFacts platform = new PlatformFacts(PlatformFacts.Kind.DATABRICKS, Optional.of("serverless"), Optional.of(true),
                Optional.of(true), Optional.empty(), 0, 0, 0, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Cloud.UNKNOWN);
        return new RunFacts(app, coverage, SparkProperties.empty(), List.of(), List.of(), List.of(), List.of(),
                new SlotAccounting(0, 0, 0, 0, 0, 0, 0, 0, 0), new SlotTimeline(startMs, 1000, List.of(), List.of(), List.of()),
                List.of(), Optional.empty(), platform).withTableMaintenance(tableMaintenance);
    }
}
