package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of an ask about a run ({@code templates/replies/ask.yaml}): the ack, the parent
 * message's status, the progress line and the one-line outcome.
 * Each constant names what its entry is filled with.
 */
public enum AskReply implements Reply {
    LOOKS_INTO("query"),
    BUSY,
    INTERRUPTED("query"),
    OTHER_TEAM,
    TEAM_UNCHECKED,
    WORKING,
    ANSWERED("headlines"),
    IN_PROGRESS("line"),
    FINISHED("line"),
    RESOLVING("query"),
    SHARED_ANALYSIS("runId"),
    FETCHING("runId"),
    DOWNLOADING_SO_FAR("mb"),
    DOWNLOADING("mb", "totalMb", "percent"),
    ANALYSING("tasks"),
    READING_STATEMENTS("runId"),
    DONE("seconds", "logMb"),
    SUBJECT("runId", "runName"),
    SUBJECT_OF_CLUSTER("subject", "clusterId", "taskKeys"),
    CLUSTER_CHANGED_SINCE("runId", "jobId", "differences"),
    NO_CLUSTER("runId"),
    HEALTHY("subject"),
    FINDINGS("subject", "count", "one", "title"),
    MORE_FINDINGS("count", "one"),
    FAILED("subject", "cause"),
    FAILED_STAGE("jobs", "manyJobs", "stageId", "cause", "failedAttempts", "someNotCompleted", "notCompleted", "tasks"),
    FAILED_JOBS("jobs", "manyJobs"),
    HELP_FALLBACK,
    SAVING("upTo", "amount"),
    WINDOW("window", "running", "runningFor", "read", "oneRead", "someSkipped", "skipped"),
    WHY_READING_HISTORY("runs"),
    WHY_COMPARING("runId", "baselineId"),
    WHY_COMPARED("runId"),
    WHY_OTHER_JOB("runId", "jobId", "baselineId", "baselineJobId"),
    WHY_NO_HISTORY("subject", "command", "runId"),
    WHY_BASELINE("baselineId", "baselineTime", "median", "runs"),
    WHY_HEADLINE("subject", "delta", "top"),
    WHY_USUAL("subject", "delta"),
    WHY_OFFER("command", "runId");

    private final List<String> fills;

    AskReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "ask";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
