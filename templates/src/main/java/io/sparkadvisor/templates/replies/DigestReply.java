package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of the weekly cost digest ({@code templates/replies/digest.yaml}): the answers to
 * its commands, and the lines of the digest.
 * Each constant names what its entry is filled with.
 */
public enum DigestReply implements Reply {
    USAGE("command"),
    BAD_SCHEDULE("reason", "usage"),
    SUBSCRIBED("target", "schedule", "next", "minWeeklyCost", "onlyOnIncrease"),
    UNSUBSCRIBED("target"),
    NOT_SUBSCRIBED("target"),
    THIS_CHANNEL,
    OTHER_CHANNEL("channel"),
    ADMINS_ONLY,
    PREVIEW_ADMINS_ONLY,
    EXTERNALLY_SHARED("target"),
    ORG_SHARED("target"),
    SHARING_UNKNOWN("target", "error"),
    PREVIEW_TOO_SOON("minutes"),
    NOT_A_SCHEDULE("text"),
    NOT_A_DAY("day"),
    BAD_TIME("text", "reason"),
    TITLE("from", "to", "estimated"),
    HEADLINE("title", "total"),
    ESTIMATE("reason"),
    SOURCE,
    SPEND("estimated", "amount"),
    TOTAL_NO_PREVIOUS("spend"),
    TOTAL_SAME("spend"),
    TOTAL_UP("spend", "percent", "previous"),
    TOTAL_DOWN("spend", "percent", "previous"),
    TOP_JOB("job", "cost", "runs", "oneRun", "compared"),
    NEW_THIS_WEEK,
    VERSUS("sign", "percent", "previous"),
    INCREASE("job", "change", "cost"),
    COSTLIER("job", "perRun", "percent", "usual", "runs", "oneRun", "runId", "cause"),
    COSTLIER_CAUSE("title", "ms", "baselineId"),
    COSTLIER_USUAL_TIME("baselineId"),
    COSTLIER_NO_HISTORY,
    COSTLIER_NOT_COMPARED("reason"),
    COSTLIER_PARENT("job", "perRun", "usual", "runId"),
    WASTE("rule", "job", "runId", "title", "saving"),
    PENDING("step", "rule", "jobId", "runId", "proposed"),
    REALISED("step", "rule", "job", "before", "after", "runs", "oneRun", "saved"),
    NAMED_JOB("name", "jobId"),
    UNNAMED_JOB("jobId");

    private final List<String> fills;

    DigestReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "digest";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
