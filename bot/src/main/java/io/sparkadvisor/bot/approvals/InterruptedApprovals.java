package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Settled;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.SlackMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles the steps a stopped bot or a failed send left in between: approved (claimed, nothing
 * sent), applying (sent, outcome unknown), rolling back or withdrawing. Every live change holds its job's lock,
 * and a lock outlives no change by more than {@link JobLocks#TTL}; so a step in one of these states
 * for longer, whose job's lock is free, is abandoned. It is settled under that lock by reading the
 * job back (see {@link ChangeSender}), with a note in its thread saying what was found; on a continuous job, a change
 * found in the job waits for its restart, with the Restart now a click would have offered ({@link Restarts}).
 */
public final class InterruptedApprovals {
    private static final Logger LOG = LoggerFactory.getLogger(InterruptedApprovals.class);
    static final Duration GRACE = JobLocks.TTL;
    /** How often serve looks for abandoned steps: a tenth of the grace, so one is settled soon after it is known abandoned. */
    public static final Duration EVERY = GRACE.dividedBy(10);
    private static final String INTERRUPTED = "the bot was stopped or the send failed before the outcome was recorded";

    private final Recommendations recommendations;
    private final Changes changes;
    private final JobLocks locks;
    private final ChangeSender sender;
    private final Restarts restarts;
    private final ChangeReplies slack;
    private final Clock clock;

    public InterruptedApprovals(Recommendations recommendations, Changes changes, JobLocks locks, Workspace workspace, ChangeReplies slack,
            Clock clock) {
        this.recommendations = recommendations;
        this.changes = changes;
        this.locks = locks;
        this.sender = new ChangeSender(changes, workspace, clock);
        this.restarts = new Restarts(changes, workspace, clock);
        this.slack = slack;
        this.clock = clock;
    }

    /** One pass; every transition is conditional and made under the job's lock, so replicas doing the same at once settle each step once. */
    public void finish() {
        for (ChangeState state : new ChangeState[] {ChangeState.APPROVED, ChangeState.APPLYING, ChangeState.ROLLING_BACK,
                ChangeState.WITHDRAWING}) {
            for (ChangeRecord change : changes.inStateBefore(state, clock.instant().minus(GRACE))) {
                try {
                    settle(change);
                } catch (RuntimeException e) {
                    LOG.warn("settling step {} of {} failed", change.step(), change.recommendationId(), e);
                }
            }
        }
    }

    private void settle(ChangeRecord change) {
        StoredRecommendation rec = recommendations.find(change.recommendationId()).orElseThrow();
        Optional<JobLocks.Held> lock = locks.tryLock(rec.jobId());
        if (lock.isEmpty()) {
            return; // a live change to the job; looked at again next pass
        }
        try (JobLocks.Held held = lock.get()) {
            Optional<SlackMessage> note = switch (change.state()) {
                case APPROVED -> settled(rec, change, changes.move(Transition.RELEASE, new AuditEntry(clock.instant(), AuditEntry.BOT,
                        rec.jobId(), rec.id(), change.step(), Transition.RELEASE.action(),
                        "claimed, but nothing was sent before the bot stopped")) ? Optional.of(Settled.RELEASED) : Optional.empty());
                case APPLYING -> applied(rec, change, sender.settleApply(rec, change.step(), INTERRUPTED));
                case ROLLING_BACK -> rolledBack(rec, change, sender.settleRollBack(rec, change, INTERRUPTED));
                case WITHDRAWING -> settled(rec, change, rollBackOutcome(sender.settleRollBack(rec, change, INTERRUPTED)));
                default -> Optional.empty(); // moved on since it was listed
            };
            note.ifPresent(n -> slack.inThread(rec, n));
        }
    }

    /** An apply found in a continuous job waits for its restart, offered in the thread, as a clicked one does. */
    private Optional<SlackMessage> applied(StoredRecommendation rec, ChangeRecord change, ChangeSender.Result result) {
        if (result.outcome() == ChangeSender.Outcome.DONE && ContinuousJob.is(result.after().settingsJson())) {
            return restarts.awaitingSettled(rec, change);
        }
        return settled(rec, change, applyOutcome(result));
    }

    /** The same for a roll back of a step in effect on a continuous job: its active run keeps the step until Restart now. */
    private Optional<SlackMessage> rolledBack(StoredRecommendation rec, ChangeRecord change, ChangeSender.Result result) {
        if (result.outcome() == ChangeSender.Outcome.DONE && ContinuousJob.is(result.after().settingsJson())) {
            return restarts.rolledBackAwaitingSettled(rec, change);
        }
        return settled(rec, change, rollBackOutcome(result));
    }

    private static Optional<SlackMessage> settled(StoredRecommendation rec, ChangeRecord change, Optional<Settled> outcome) {
        return outcome.map(o -> ChangeMessages.settled(rec.id(), new Subject(rec.rule(), change.step(), rec.jobId()), change.decidedBy(),
                o, null));
    }

    private static Optional<Settled> applyOutcome(ChangeSender.Result result) {
        return switch (result.outcome()) {
            case DONE -> Optional.of(Settled.RECOVERED);
            case NOT_DONE -> Optional.of(Settled.RELEASED);
            case UNKNOWN -> Optional.of(Settled.UNKNOWN);
            default -> Optional.empty(); // unreadable (tried again next pass) or settled by another replica
        };
    }

    private static Optional<Settled> rollBackOutcome(ChangeSender.Result result) {
        return switch (result.outcome()) {
            case DONE -> Optional.of(Settled.RESTORED);
            case NOT_DONE -> Optional.of(Settled.NOT_RESTORED);
            case UNKNOWN -> Optional.of(Settled.RESTORE_UNKNOWN);
            default -> Optional.empty();
        };
    }
}
