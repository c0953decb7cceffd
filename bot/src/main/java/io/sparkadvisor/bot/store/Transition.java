package io.sparkadvisor.bot.store;

import static io.sparkadvisor.bot.store.ChangeState.APPLIED;
import static io.sparkadvisor.bot.store.ChangeState.APPLYING;
import static io.sparkadvisor.bot.store.ChangeState.APPROVED;
import static io.sparkadvisor.bot.store.ChangeState.CHECKS_FAILED;
import static io.sparkadvisor.bot.store.ChangeState.PROPOSED;
import static io.sparkadvisor.bot.store.ChangeState.REJECTED;
import static io.sparkadvisor.bot.store.ChangeState.ROLLED_BACK;
import static io.sparkadvisor.bot.store.ChangeState.ROLLING_BACK;
import static io.sparkadvisor.bot.store.ChangeState.VERIFIED;

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
    RESTORED(EnumSet.of(ROLLING_BACK), ROLLED_BACK, AuditAction.ROLLED_BACK, false),
    /** A roll back that did not reach the job, of a step not judged yet: it stays applied and is still judged. */
    KEEP_APPLIED(EnumSet.of(ROLLING_BACK), APPLIED, AuditAction.ROLL_BACK_REFUSED, false),
    /** The same for a step whose checks failed: it keeps offering its roll back. */
    KEEP_FAILED(EnumSet.of(ROLLING_BACK), CHECKS_FAILED, AuditAction.ROLL_BACK_REFUSED, false),
    /** The same for a verified step: it stays verified, its roll back still offered. */
    KEEP_VERIFIED(EnumSet.of(ROLLING_BACK), VERIFIED, AuditAction.ROLL_BACK_REFUSED, false);

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

    /** How a roll back that did not happen returns a step to where it was: not judged yet, or judged and passed or failed. */
    public static Transition keep(ChangeRecord change) {
        if (change.followedUpRunId() == null || change.followedUpRunId() == 0) {
            return KEEP_APPLIED;
        }
        return change.passed() ? KEEP_VERIFIED : KEEP_FAILED;
    }
}
