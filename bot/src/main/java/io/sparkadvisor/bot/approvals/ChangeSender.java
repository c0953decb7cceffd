package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import java.time.Clock;

/**
 * Sends a claimed step's change, or its roll back, to the job, and settles every outcome by what
 * the job holds, never by what the call answered: a jobs/update whose answer is lost (or whose read
 * back fails) may well have taken. The step is moved to applying (or rolling back) with the
 * keys it touches and the fingerprint of the settings it should leave before anything is sent;
 * after the send the job is read back and its fingerprint compared with those after and before. Callers hold the job's lock
 * ({@link io.sparkadvisor.bot.store.JobLocks}) throughout, so no other change interleaves.
 */
final class ChangeSender {
    /** How a send ended: in effect, refused before anything was sent, not in effect, unknown (edited by someone else), or not readable yet. */
    enum Outcome { DONE, REFUSED, NOT_DONE, UNKNOWN, PENDING, SETTLED_ELSEWHERE }

    /** {@code after}: the job as read back when {@link Outcome#DONE}; {@code reason}: the error, if any. */
    record Result(Outcome outcome, SettingsSnapshot after, String reason) {}

    private final Changes changes;
    private final Workspace workspace;
    private final Clock clock;

    ChangeSender(Changes changes, Workspace workspace, Clock clock) {
        this.changes = changes;
        this.workspace = workspace;
        this.clock = clock;
    }

    /** Applies an approved step; {@code buildsOn} is the fingerprint the job must still have. */
    Result apply(StoredRecommendation rec, int step, SettingsChange change, String buildsOn) {
        boolean[] sent = {false};
        try {
            SettingsSnapshot after = workspace.apply(rec.jobId(), change, buildsOn, (before, expected) -> {
                if (!changes.sending(StepDelta.between(before, expected).toJson(), expected.fingerprint(),
                        bot(rec, step, Transition.SEND, "sending " + expected.fingerprint()))) {
                    throw new WorkspaceException("Step " + step + " is no longer approved, so nothing was sent.");
                }
                sent[0] = true;
            }).after();
            return settleApply(rec, step, after, null);
        } catch (WorkspaceException e) {
            if (!sent[0]) {
                changes.move(Transition.REFUSE, bot(rec, step, Transition.REFUSE, e.getMessage()));
                return new Result(Outcome.REFUSED, null, e.getMessage());
            }
            return settleApply(rec, step, e.getMessage());
        }
    }

    /** Puts back the keys an applied step touched; the step must be in the rolling-back state. */
    Result rollBack(StoredRecommendation rec, ChangeRecord change) {
        boolean[] sent = {false};
        try {
            SettingsSnapshot after = workspace.restore(rec.jobId(), StepDelta.fromJson(change.stepKeys()), (now, expected) -> sent[0] = true);
            return settleRollBack(rec, change, after, null);
        } catch (WorkspaceException e) {
            if (!sent[0]) {
                changes.move(Transition.keep(change), bot(rec, change.step(), Transition.keep(change), e.getMessage()));
                return new Result(Outcome.REFUSED, null, e.getMessage());
            }
            return settleRollBack(rec, change, e.getMessage());
        }
    }

    /** Settles an applying step by reading its job now; {@code reason} is why it is unsettled (the error, or an interruption). */
    Result settleApply(StoredRecommendation rec, int step, String reason) {
        try {
            return settleApply(rec, step, workspace.settings(rec.jobId()), reason);
        } catch (WorkspaceNotFoundException gone) {
            return moved(changes.move(Transition.NOT_APPLIED, bot(rec, step, Transition.NOT_APPLIED, gone.getMessage())),
                    Outcome.NOT_DONE, null, gone.getMessage());
        } catch (WorkspaceException unreadable) {
            return new Result(Outcome.PENDING, null, reason == null ? unreadable.getMessage() : reason);
        }
    }

    /** The same for a rolling-back step. */
    Result settleRollBack(StoredRecommendation rec, ChangeRecord change, String reason) {
        try {
            return settleRollBack(rec, change, workspace.settings(rec.jobId()), reason);
        } catch (WorkspaceException unreadable) {
            return new Result(Outcome.PENDING, null, reason == null ? unreadable.getMessage() : reason);
        }
    }

    private Result settleApply(StoredRecommendation rec, int step, SettingsSnapshot now, String reason) {
        ChangeRecord change = changes.find(rec.id(), step).filter(c -> c.state() == ChangeState.APPLYING).orElse(null);
        if (change == null) {
            return new Result(Outcome.SETTLED_ELSEWHERE, null, reason);
        }
        if (now.fingerprint().equals(change.fingerprintAfter())) {
            return moved(changes.applied(now.fingerprint(), new AuditEntry(clock.instant(), change.decidedBy(),
                    rec.jobId(), rec.id(), step, Transition.APPLY.action(), "job " + rec.jobId() + " read back with the change"
                    + (reason == null ? "" : ", although the send ended with: " + reason))),
                    Outcome.DONE, now, reason);
        }
        boolean unchanged = now.fingerprint().equals(StepDelta.fromJson(change.stepKeys()).fingerprintBefore());
        Transition t = unchanged ? Transition.NOT_APPLIED : Transition.UNSETTLED;
        String detail = unchanged ? "job " + rec.jobId() + " read back without the change" : "job " + rec.jobId()
                + " read back with settings that are neither those before nor those after the change";
        return moved(changes.move(t, bot(rec, step, t, reason == null ? detail : detail + " (" + reason + ")")),
                unchanged ? Outcome.NOT_DONE : Outcome.UNKNOWN, null, reason);
    }

    private Result settleRollBack(StoredRecommendation rec, ChangeRecord change, SettingsSnapshot now, String reason) {
        if (now.fingerprint().equals(StepDelta.fromJson(change.stepKeys()).fingerprintBefore())) {
            return moved(changes.move(Transition.RESTORED, bot(rec, change.step(), Transition.RESTORED,
                    "job " + rec.jobId() + " read back with its settings from before the change")), Outcome.DONE, now, reason);
        }
        boolean stillApplied = now.fingerprint().equals(change.fingerprintAfter());
        Transition keep = Transition.keep(change);
        String detail = stillApplied ? "job " + rec.jobId() + " read back still holding the change"
                : "job " + rec.jobId() + " read back with settings edited since the change";
        return moved(changes.move(keep, bot(rec, change.step(), keep, reason == null ? detail : detail + " (" + reason + ")")),
                stillApplied ? Outcome.NOT_DONE : Outcome.UNKNOWN, null, reason);
    }

    private static Result moved(boolean moved, Outcome outcome, SettingsSnapshot after, String reason) {
        return new Result(moved ? outcome : Outcome.SETTLED_ELSEWHERE, after, reason);
    }

    private AuditEntry bot(StoredRecommendation rec, int step, Transition t, String detail) {
        return new AuditEntry(clock.instant(), AuditEntry.BOT, rec.jobId(), rec.id(), step, t.action(), detail);
    }
}
