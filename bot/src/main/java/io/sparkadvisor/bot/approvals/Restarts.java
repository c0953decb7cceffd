package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.approvals.ClickOutcome.Decided;
import io.sparkadvisor.bot.approvals.ClickOutcome.NotApplied;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.RestartMessages;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.StepDecision;
import java.time.Clock;
import java.util.Optional;

/**
 * A step on a continuous job: Databricks applies new settings to it only when its active run restarts, so an applied
 * (or rolled-back) step waits in the job's settings until an approver's Restart now, and only that cancels the active
 * run; an applied step may instead be rolled back before its restart, which needs none. The restart is claimed before the cancel (a double click cancels once); a cancel that fails puts the step back
 * to waiting. Callers hold the job's lock.
 */
final class Restarts {
    private final Changes changes;
    private final Workspace workspace;
    private final Clock clock;

    Restarts(Changes changes, Workspace workspace, Clock clock) {
        this.changes = changes;
        this.workspace = workspace;
        this.clock = clock;
    }

    /** The claim a Restart now click makes on the step: of an applied step, or of a rolled-back one. */
    static Transition claim(boolean rolledBack) {
        return rolledBack ? Transition.RESTART_RESTORED : Transition.RESTART;
    }

    /**
     * An applied step read back in a continuous job's settings: it waits for Restart now (or a Roll back, offered beside it
     * in the thread's note); the clicked message keeps no Roll back yet.
     */
    ClickOutcome awaiting(Click click, StoredRecommendation rec, Subject subject, String decidedLine, String what) {
        await(rec, subject.step());
        return new Decided(StepDecision.decided(click.blocksJson(), rec.id(), subject.step(), decidedLine, false), rec,
                RestartMessages.awaiting(rec.id(), subject, click.userId(), what));
    }

    /**
     * The same for an apply a stopped bot left and {@link InterruptedApprovals} found in the job: the note offering Restart
     * now, in the name of the step's approver; empty when another replica moved it first.
     */
    Optional<SlackMessage> awaitingSettled(StoredRecommendation rec, ChangeRecord change) {
        Subject subject = new Subject(rec.rule(), change.step(), rec.jobId());
        return await(rec, change.step()) ? Optional.of(RestartMessages.awaiting(rec.id(), subject, change.decidedBy(),
                ApprovalDesk.appliedTo(rec, change.step()))) : Optional.empty();
    }

    private boolean await(StoredRecommendation rec, int step) {
        return changes.move(Transition.AWAIT_RESTART, bot(rec, step, Transition.AWAIT_RESTART, "continuous job " + rec.jobId()
                + ": in effect after its active run restarts"));
    }

    /**
     * A step rolled back while it awaited its restart ({@link Transition#WITHDRAW}), read back without it: nothing of it
     * was in effect, so it is rolled back with no restart; the clicked note loses its Restart now.
     */
    ClickOutcome withdrawn(Click click, StoredRecommendation rec, Subject subject) {
        return new Decided(RestartMessages.withdrawnInPlace(click.blocksJson(), rec.id(), subject.step(),
                StepDecision.rolledBack(click.userId(), clock.instant())), rec, RestartMessages.withdrawn(subject, click.userId()));
    }

    /** The same for a roll back: the active run keeps the step until Restart now. */
    ClickOutcome rolledBackAwaiting(Click click, StoredRecommendation rec, Subject subject, String decidedLine) {
        awaitRestore(rec, subject.step());
        return new Decided(StepDecision.decided(click.blocksJson(), rec.id(), subject.step(), decidedLine, false), rec,
                RestartMessages.rolledBackAwaiting(rec.id(), subject, click.userId()));
    }

    /** The same for a roll back a stopped bot left and {@link InterruptedApprovals} found in the job. */
    Optional<SlackMessage> rolledBackAwaitingSettled(StoredRecommendation rec, ChangeRecord change) {
        return awaitRestore(rec, change.step()) ? Optional.of(RestartMessages.rolledBackAwaiting(rec.id(),
                new Subject(rec.rule(), change.step(), rec.jobId()), change.decidedBy())) : Optional.empty();
    }

    private boolean awaitRestore(StoredRecommendation rec, int step) {
        return changes.move(Transition.AWAIT_RESTORE_RESTART, bot(rec, step, Transition.AWAIT_RESTORE_RESTART, "continuous job "
                + rec.jobId() + ": rolled back after its active run restarts"));
    }

    /** The restart the approver confirmed (the step already claimed by {@code claimed}): the job's active run cancelled. */
    ClickOutcome restart(Click click, StoredRecommendation rec, Transition claimed) {
        Subject subject = new Subject(rec.rule(), click.step().step(), rec.jobId());
        long cancelled;
        try {
            Optional<Long> active = workspace.activeRun(rec.jobId());
            cancelled = active.orElse(0L);
            if (active.isPresent()) {
                changes.restartedFrom(rec.id(), subject.step(), cancelled);
                workspace.cancel(cancelled);
            }
        } catch (WorkspaceException e) {
            Transition back = claimed == Transition.RESTART ? Transition.AWAIT_RESTART : Transition.AWAIT_RESTORE_RESTART;
            changes.move(back, bot(rec, subject.step(), back, "not restarted: " + e.getMessage()));
            SlackMessage why = RestartMessages.notRestarted(subject, e.getMessage());
            return new NotApplied(rec, why, why);
        }
        return new Decided(RestartMessages.restartedInPlace(click.blocksJson(), rec.id(), subject.step(), click.userId(), clock.instant(),
                cancelled), rec, RestartMessages.restarted(subject, click.userId(), cancelled, rec.runId()));
    }

    private AuditEntry bot(StoredRecommendation rec, int step, Transition t, String detail) {
        return new AuditEntry(clock.instant(), AuditEntry.BOT, rec.jobId(), rec.id(), step, t.action(), detail);
    }
}
