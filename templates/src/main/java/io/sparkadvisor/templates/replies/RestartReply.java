package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences about a step on a continuous job ({@code templates/replies/restarts.yaml}): under its Approve, once it is
 * in the job's settings (or rolled back from them) and waits for Restart now, after the restart, and the verdict on a
 * window of the new run's batches. Each constant names what its entry is filled with.
 */
public enum RestartReply implements Reply {
    APPROVE_NOTE,
    AWAITING("step", "rule", "jobId", "what"),
    ROLLED_BACK_AWAITING("step", "rule", "jobId"),
    WITHDRAWN("step", "rule", "jobId"),
    RESTART_BUTTON,
    RESTARTED_BY("user", "when", "runId"),
    RESTARTED("step", "rule", "jobId", "runId"),
    NOTHING_RUNNING("step", "rule", "jobId", "adviceRunId"),
    NOT_RESTARTED("step", "rule", "jobId", "reason"),
    VERDICT_HEADLINE("step", "rule", "passed", "runId", "baselineRunId", "window"),
    VERDICT_WINDOW("batches", "minutes");

    private final List<String> fills;

    RestartReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "restarts";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
