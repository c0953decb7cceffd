package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences about a change to a job ({@code templates/replies/approvals.yaml}): to the clicker,
 * on the decided step, in the thread, in the follow-up's verdict and in a job's history.
 * Each constant names what its entry is filled with.
 */
public enum ApprovalReply implements Reply {
    NOT_ALLOWED,
    NOT_YOURS,
    WAITS_FOR_VERDICT("previous", "state", "step"),
    EARLIER_STEP_CLOSED("previous", "state", "step"),
    JOB_UNCHANGED("jobId"),
    UNKNOWN_RECOMMENDATION,
    NOT_THIS_MESSAGE,
    NOTHING_TO_APPLY("step"),
    NO_SUCH_STEP("step"),
    NOT_EDITABLE("key"),
    MIXED_STEP,
    CLICK_FAILED,
    CLICKS_BUSY,
    CHANGE("scope", "key", "value"),
    APPLIED_TO("changes", "cluster"),
    JOB_CLUSTER("key"),
    TASK_CLUSTER("key"),
    JOB_SETTINGS,
    APPLIED_BY("user", "when"),
    REJECTED_BY("user", "when"),
    ROLLED_BACK_BY("user", "when"),
    NOTE_FALLBACK("step", "rule", "jobId"),
    JOB_GONE_FALLBACK("jobId", "step", "rule"),
    NEXT_STEP_FALLBACK("step", "rule"),
    VERDICT_HEADLINE("step", "rule", "passed", "runId", "why"),
    VERDICT_RUN_FAILED,
    VERDICT_NOTHING_TO_MEASURE,
    VERDICT_NO_EVENT_LOG,
    VERDICT_NO_BASELINE,
    VERDICT_SUMMARY("headline", "table"),
    VERDICT_BAND_HEADING,
    VERDICT_BAND("noise", "runs", "plural", "guess"),
    VERDICT_PER_INPUT("times"),
    VERDICT_BAND_GUESS,
    VERDICT_STAGE("runId", "note"),
    VERDICT_PREDICTION("upperBound", "predicted", "baseline", "saving", "actual", "realised"),
    HISTORY_USAGE,
    NOT_A_JOB("job"),
    NOTHING_DECIDED("jobId"),
    HISTORY_FALLBACK("jobId");

    private final List<String> fills;

    ApprovalReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "approvals";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
