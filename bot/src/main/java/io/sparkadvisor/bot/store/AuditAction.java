package io.sparkadvisor.bot.store;

import java.util.Arrays;

/** What an audit line records; the ids are what the audit table and {@code /spark-advisor history} show. */
public enum AuditAction {
    APPROVED("approved"), REJECTED("rejected"),
    /** An approval turned down before anything was sent (job edited since, job busy, not applicable). */
    REFUSED("refused"),
    /** A claim a stopped bot left before sending anything, given back. */
    RELEASED("released"),
    SENDING("sending"), APPLIED("applied"),
    /** The job was read back after a failed send and holds the settings from before: nothing changed. */
    NOT_APPLIED("not-applied"),
    /** The job holds neither the settings before nor those the change makes: someone else edited it. */
    UNSETTLED("unsettled"),
    VERIFIED("verified"), CHECKS_FAILED("checks-failed"), JOB_GONE("job-gone"),
    ROLLING_BACK("rolling-back"), ROLLED_BACK("rolled-back"),
    /** A roll back that did not reach the job (refused, or read back unchanged): the step stays in effect. */
    ROLL_BACK_REFUSED("roll-back-refused"),
    /** An approver set the job's health rule offered under a verified step's verdict. */
    HEALTH_RULE_SET("health-rule-set"),
    /** A continuous job's settings hold the change (or its roll back), its active run does not until it restarts. */
    AWAITING_RESTART("awaiting-restart"),
    /** An approver confirmed the restart: the continuous job's active run was cancelled, the next one runs with the settings. */
    RESTARTED("restarted");

    private final String id;

    AuditAction(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    static AuditAction of(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("unknown audit action " + id));
    }
}
