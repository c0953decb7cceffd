package io.sparkadvisor.bot.store;

import static io.sparkadvisor.bot.store.ChangeState.APPLIED;
import static io.sparkadvisor.bot.store.ChangeState.APPLYING;
import static io.sparkadvisor.bot.store.ChangeState.APPROVED;
import static io.sparkadvisor.bot.store.ChangeState.AWAITING_RESTART;
import static io.sparkadvisor.bot.store.ChangeState.CHECKS_FAILED;
import static io.sparkadvisor.bot.store.ChangeState.PROPOSED;
import static io.sparkadvisor.bot.store.ChangeState.REJECTED;
import static io.sparkadvisor.bot.store.ChangeState.ROLLED_BACK;
import static io.sparkadvisor.bot.store.ChangeState.ROLLED_BACK_AWAITING_RESTART;
import static io.sparkadvisor.bot.store.ChangeState.ROLLING_BACK;
import static io.sparkadvisor.bot.store.ChangeState.VERIFIED;
import static io.sparkadvisor.bot.store.ChangeState.WITHDRAWING;

import java.util.EnumSet;
import java.util.Set;

/**
 * Every way a step's state may change: from which states, to which, and the audit line it writes.
 * {@link Changes#move} applies one as a conditional update, so of two replicas or two clicks exactly
 * one makes it. A transition that {@code decides} records its actor as the step's decider (shown in
 * Slack and the history); the bot's own bookkeeping does not.
 */
public enum Transition {
    /** Only once every earlier step of the recommendation is verified (checked inside the claim). */
    APPROVE(EnumSet.of(PROPOSED), APPROVED, AuditAction.APPROVED, true),
    REJECT(EnumSet.of(PROPOSED), REJECTED, AuditAction.REJECTED, true),
    REFUSE(EnumSet.of(APPROVED), PROPOSED, AuditAction.REFUSED, false),
    RELEASE(EnumSet.of(APPROVED), PROPOSED, AuditAction.RELEASED, false),
    /** Written before jobs/update is sent, with the settings before and those expected after. */
    SEND(EnumSet.of(APPROVED), APPLYING, AuditAction.SENDING, false),
    APPLY(EnumSet.of(APPLYING), APPLIED, AuditAction.APPLIED, false),
    NOT_APPLIED(EnumSet.of(APPLYING), PROPOSED, AuditAction.NOT_APPLIED, false),
    UNSETTLED(EnumSet.of(APPLYING), PROPOSED, AuditAction.UNSETTLED, false),
    VERIFY(EnumSet.of(APPLIED), VERIFIED, AuditAction.VERIFIED, false),
    FAIL_CHECKS(EnumSet.of(APPLIED), CHECKS_FAILED, AuditAction.CHECKS_FAILED, false),
    /** The job was deleted: the step stays applied, with no run to judge it on. */
    JOB_GONE(EnumSet.of(APPLIED), APPLIED, AuditAction.JOB_GONE, false),
    /** Also of a verified step: a downstream problem may show only days after its checks passed. */
    ROLL_BACK(EnumSet.of(APPLIED, CHECKS_FAILED, VERIFIED), ROLLING_BACK, AuditAction.ROLLING_BACK, true),
    /** Also of a withdrawn step ({@link #WITHDRAW}): the job read back without it. */
    RESTORED(EnumSet.of(ROLLING_BACK, WITHDRAWING), ROLLED_BACK, AuditAction.ROLLED_BACK, false),
    /** A roll back that did not reach the job, of a step not judged yet: it stays applied and is still judged. */
    KEEP_APPLIED(EnumSet.of(ROLLING_BACK), APPLIED, AuditAction.ROLL_BACK_REFUSED, false),
    /** The same for a step whose checks failed: it keeps offering its roll back. */
    KEEP_FAILED(EnumSet.of(ROLLING_BACK), CHECKS_FAILED, AuditAction.ROLL_BACK_REFUSED, false),
    /** The same for a verified step: it stays verified, its roll back still offered. */
    KEEP_VERIFIED(EnumSet.of(ROLLING_BACK), VERIFIED, AuditAction.ROLL_BACK_REFUSED, false),
    /**
     * A continuous job read back with the step: its active run keeps the old settings until it restarts. Also a
     * confirmed restart whose cancel did not reach the run: the step waits for another confirmation.
     */
    AWAIT_RESTART(EnumSet.of(APPLIED), AWAITING_RESTART, AuditAction.AWAITING_RESTART, false),
    /** An approver's Restart now: claimed before the active run is cancelled, so a double click cancels once. */
    RESTART(EnumSet.of(AWAITING_RESTART), APPLIED, AuditAction.RESTARTED, false),
    /** The same two for a roll back on a continuous job: put back in the settings, in effect after the restart. */
    AWAIT_RESTORE_RESTART(EnumSet.of(ROLLED_BACK), ROLLED_BACK_AWAITING_RESTART, AuditAction.AWAITING_RESTART, false),
    RESTART_RESTORED(EnumSet.of(ROLLED_BACK_AWAITING_RESTART), ROLLED_BACK, AuditAction.RESTARTED, false),
    /**
     * Roll back of a step awaiting its restart: its settings are put back, and as nothing of it was in effect no restart
     * follows ({@link #RESTORED}); a roll back that did not reach the job leaves it awaiting the restart.
     */
    WITHDRAW(EnumSet.of(AWAITING_RESTART), WITHDRAWING, AuditAction.ROLLING_BACK, true),
    KEEP_AWAITING(EnumSet.of(WITHDRAWING), AWAITING_RESTART, AuditAction.ROLL_BACK_REFUSED, false);

    private final Set<ChangeState> from;
    private final ChangeState to;
    private final AuditAction action;
    private final boolean decides;

    Transition(Set<ChangeState> from, ChangeState to, AuditAction action, boolean decides) {
        this.from = from;
        this.to = to;
        this.action = action;
        this.decides = decides;
    }

    public Set<ChangeState> from() {
        return from;
    }

    public ChangeState to() {
        return to;
    }

    public AuditAction action() {
        return action;
    }

    boolean decides() {
        return decides;
    }

    /**
     * How a roll back that did not happen returns a step to where it was: awaiting its restart, not judged yet, or judged
     * and passed or failed.
     */
    public static Transition keep(ChangeRecord change) {
        if (change.state() == WITHDRAWING) {
            return KEEP_AWAITING;
        }
        if (change.followedUpRunId() == null || change.followedUpRunId() == 0) {
            return KEEP_APPLIED;
        }
        return change.passed() ? KEEP_VERIFIED : KEEP_FAILED;
    }
}
