package io.sparkadvisor.templates.slack;

/**
 * The identifiers on the Approve / Reject (and, once applied, Roll back) buttons of a recommendation
 * step, shared by the templates and the handlers that receive the clicks: {@code action_id} says
 * which button, {@code value} and {@code block_id} carry {@code <recommendation id>:<step>}.
 */
public final class ApprovalIds {
    public static final String APPROVE = "approve_step";
    public static final String REJECT = "reject_step";
    public static final String ROLL_BACK = "roll_back_step";
    /** "Set the alert" under a verified step's verdict: its value is the step's. */
    public static final String SET_HEALTH_RULE = "set_health_rule";
    /** Restart now, under a step on a continuous job that is in its settings but not in effect until the active run restarts. */
    public static final String RESTART = "restart_job";
    private static final String BLOCK_PREFIX = "approval:";
    private static final String ROLL_BACK_PREFIX = "rollback:";
    private static final String RESTART_PREFIX = "restart:";

    private ApprovalIds() {}

    public static String value(String recommendationId, int step) {
        return recommendationId + ":" + step;
    }

    public static String blockId(String recommendationId, int step) {
        return BLOCK_PREFIX + value(recommendationId, step);
    }

    public static String rollBackBlockId(String recommendationId, int step) {
        return ROLL_BACK_PREFIX + value(recommendationId, step);
    }

    public static String restartBlockId(String recommendationId, int step) {
        return RESTART_PREFIX + value(recommendationId, step);
    }

    /** The recommendation id and step from a button's value; the id itself may contain colons. */
    public static StepRef parse(String value) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("not an approval value: " + value);
        }
        return new StepRef(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1)));
    }

    public record StepRef(String recommendationId, int step) {}
}
