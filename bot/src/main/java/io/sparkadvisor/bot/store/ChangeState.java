package io.sparkadvisor.bot.store;

import java.util.Arrays;

/**
 * Where one step of a recommendation stands. Only {@link Transition}s move a step between these;
 * the ids are what the database keeps (its {@code known_state} check lists the same ones).
 */
public enum ChangeState {
    /** Offered, waiting for an approver. */
    PROPOSED("proposed"),
    /** Claimed by one approver; nothing has been sent to the job yet. */
    APPROVED("approved"),
    /** The change was (or is being) sent: until the job is read back, it may or may not be in effect. */
    APPLYING("applying"),
    /** In the job, waiting for the verdict on its next run. */
    APPLIED("applied"),
    /** The next run failed the step's checks: it waits for a roll back. */
    CHECKS_FAILED("checks-failed"),
    /** The next run passed the step's checks; an approver may still roll it back. */
    VERIFIED("verified"),
    /** The recorded settings are being put back: until the job is read back, the step may still be in effect. */
    ROLLING_BACK("rolling-back"),
    ROLLED_BACK("rolled-back"),
    REJECTED("rejected"),
    /**
     * In a continuous job's settings but not in effect: Databricks applies new settings to a continuous job only when its
     * active run restarts, which waits for an approver's Restart now. Nothing is judged until then.
     */
    AWAITING_RESTART("awaiting-restart"),
    /** Put back in a continuous job's settings, while its active run still runs with the step until it restarts. */
    ROLLED_BACK_AWAITING_RESTART("rolled-back-waiting"),
    /**
     * An approver's roll back of a step awaiting its restart, being put back in the job's settings: nothing of it was in
     * effect, so once the job is read back without it, it is rolled back with no restart.
     */
    WITHDRAWING("withdrawing");

    private final String id;

    ChangeState(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    static ChangeState of(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("unknown change state " + id));
    }
}
