package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.approvals.ClickOutcome.Decided;
import io.sparkadvisor.bot.approvals.ClickOutcome.NotApplied;
import io.sparkadvisor.bot.approvals.ClickOutcome.Refused;
import io.sparkadvisor.bot.approvals.ClickOutcome.SettledElsewhere;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StepsJson;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Settled;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import io.sparkadvisor.templates.slack.StepDecision;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

/**
 * Turns recommendations into changes: records each posted recommendation with the job's settings
 * fingerprint, and on Approve claims the step (once, whatever the number of clicks or replicas),
 * applies its changes to the job cluster (or the job's own fields) unless the job was edited since, records the settings
 * before and after, and says so in place and in the thread. Reject closes the step.
 */
public final class ApprovalDesk {
    /** How long a click waits for another change to the same job to finish before it is told the job is busy. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(20);
    /** States of an earlier step that may still pass: a later step waits for them rather than being closed. */
    private static final Set<ChangeState> OPEN = EnumSet.of(ChangeState.PROPOSED, ChangeState.APPROVED, ChangeState.APPLYING,
            ChangeState.APPLIED, ChangeState.AWAITING_RESTART);

    private final Recommendations recommendations;
    private final Changes changes;
    private final JobLocks locks;
    private final Workspace workspace;
    private final ChangeSender sender;
    private final Restarts restarts;
    private final ApprovalPolicy policy;
    private final AccessService access;
    private final Clock clock;
    private final HealthRuleSetter healthRules;

    /** A click let through: the recommendation, and the Databricks user the clicker is (for the audit trail); or why not. */
    private record Authorised(StoredRecommendation rec, String principal, Refused refusal) {
        static Authorised refused(String why) {
            return new Authorised(null, null, new Refused(SlackMessages.notice(why)));
        }
    }

    public ApprovalDesk(Recommendations recommendations, Changes changes, JobLocks locks, Workspace workspace, ApprovalPolicy policy,
            AccessService access, Clock clock) {
        this.access = access;
        this.recommendations = recommendations;
        this.changes = changes;
        this.locks = locks;
        this.workspace = workspace;
        this.sender = new ChangeSender(changes, workspace, clock);
        this.restarts = new Restarts(changes, workspace, clock);
        this.policy = policy;
        this.clock = clock;
        this.healthRules = new HealthRuleSetter(recommendations.healthRuleOffers(), locks, workspace, clock);
    }

    /** Records the findings that have steps the bot can apply, against the job's settings as they are now. */
    public void proposed(PostedAdvice advice) {
        if (advice.ref().jobId() == null || advice.target() == null) {
            return;
        }
        List<PostedAdvice.Posted> applicable = advice.findings().stream().filter(p -> !applicableSteps(p.finding().recommendation().steps()).isEmpty()).toList();
        if (applicable.isEmpty()) {
            return;
        }
        String fingerprint = SettingsSnapshot.recorded(advice.ref().jobId(), advice.jobSettingsJson()).fingerprint();
        for (PostedAdvice.Posted p : applicable) {
            List<Step> steps = p.finding().recommendation().steps();
            recommendations.posted(new StoredRecommendation(p.recommendationId(), advice.ref().runId(), advice.ref().jobId(),
                    p.finding().rule(), ClusterTargets.encode(advice.target()), StepsJson.write(steps), fingerprint, advice.channel(),
                    advice.threadTs(), p.messageTs(), advice.requester(), clock.instant()), applicableSteps(steps));
            Prediction prediction = Prediction.of(p.finding(), advice.runMs());
            if (prediction != null) {
                recommendations.predictions().predicted(p.recommendationId(), p.finding().rule(), prediction);
            }
        }
    }

    /** Approve: the step applied to the job cluster, unless the job was edited since or the step cannot be applied. */
    public ClickOutcome approve(Click click, SlackDirectory people) {
        return claimed(click, people, Transition.APPROVE, (rec, principal) -> apply(click, rec, principal));
    }

    public ClickOutcome reject(Click click, SlackDirectory people) {
        Authorised who = authorised(click, people);
        if (who.refusal() != null) {
            return who.refusal();
        }
        StoredRecommendation rec = who.rec();
        int stepNumber = click.step().step();
        if (!changes.move(Transition.REJECT, audit(rec, click, who.principal(), Transition.REJECT, "step " + stepNumber + " of " + rec.rule()))) {
            return new Refused(alreadyDecided(rec, stepNumber));
        }
        return new Decided(StepDecision.decided(click.blocksJson(), rec.id(), stepNumber, StepDecision.rejected(click.userId(), clock.instant()), false),
                rec, null);
    }

    /** "Set the alert" under a verified step's verdict: authorised as Approve is, then {@link HealthRuleSetter}. */
    public ClickOutcome setHealthRule(Click click, SlackDirectory people) {
        Authorised who = authorised(click, people);
        return who.refusal() != null ? who.refusal() : healthRules.set(click, who.rec(), who.principal());
    }

    /**
     * Puts back the settings recorded before the step, unless the job was edited after it. The step is claimed as
     * rolling back first, so two clicks restore once; a restore that did not reach the job returns it to where it was.
     */
    public ClickOutcome rollBack(Click click, SlackDirectory people) {
        boolean awaitingRestart = stateOf(click) == ChangeState.AWAITING_RESTART;
        Transition claim = awaitingRestart ? Transition.WITHDRAW : Transition.ROLL_BACK;
        return claimed(click, people, claim, (rec, principal) -> restore(click, rec, awaitingRestart));
    }

    /**
     * Restart now, under a step on a continuous job that is in its settings (or rolled back from them) but not in effect:
     * the job's active run is cancelled, so Databricks starts a new one with the settings. Only an approver's click does
     * it, once however many clicks.
     */
    public ClickOutcome restart(Click click, SlackDirectory people) {
        Transition claim = Restarts.claim(stateOf(click) == ChangeState.ROLLED_BACK_AWAITING_RESTART);
        return claimed(click, people, claim, (rec, principal) -> restarts.restart(click, rec, claim));
    }

    /**
     * Where the clicked step stands before its claim, which picks the claim's transition; null for an unknown step. The
     * claim is conditional on that state, so a step moved on in between is refused, never claimed the wrong way.
     */
    private ChangeState stateOf(Click click) {
        return changes.find(click.step().recommendationId(), click.step().step()).map(ChangeRecord::state).orElse(null);
    }

    /**
     * The skeleton approve and roll back share: the clicker is authorised (and for an approval, not its requester
     * when self-approval is denied), the job's lock is held and the step is claimed by {@code claim}; only then
     * does {@code act} run, still under the lock.
     */
    private ClickOutcome claimed(Click click, SlackDirectory people, Transition claim, BiFunction<StoredRecommendation, String, ClickOutcome> act) {
        Authorised who = authorised(click, people);
        if (who.refusal() != null) {
            return who.refusal();
        }
        StoredRecommendation rec = who.rec();
        if (claim == Transition.APPROVE && policy.forbidsSelfApproval(click.userId(), recommendations.requesters(rec))) {
            return new Refused(SlackMessages.notice(ApprovalReply.NOT_YOURS.text()));
        }
        int stepNumber = click.step().step();
        Optional<JobLocks.Held> lock = locks.lock(rec.jobId(), LOCK_WAIT);
        if (lock.isEmpty()) {
            return new Refused(ChangeMessages.busy(subject(rec, stepNumber)));
        }
        try (JobLocks.Held held = lock.get()) {
            AuditEntry audit = audit(rec, click, who.principal(), claim, "step " + stepNumber + " of " + rec.rule());
            if (claim == Transition.APPROVE ? !changes.approve(audit) : !changes.move(claim, audit)) {
                return new Refused(claim == Transition.APPROVE ? whyNotClaimed(rec, stepNumber) : alreadyDecided(rec, stepNumber));
            }
            return act.apply(rec, who.principal());
        }
    }

    private ClickOutcome apply(Click click, StoredRecommendation rec, String principal) {
        int stepNumber = click.step().step();
        Subject subject = subject(rec, stepNumber);
        Step step;
        SettingsChange change;
        ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
        try {
            step = step(rec, stepNumber);
            change = StepChanges.of(target, step);
        } catch (StepChanges.NotApplicableException e) {
            changes.move(Transition.REFUSE, audit(rec, click, principal, Transition.REFUSE, e.getMessage()));
            return notApplied(rec, subject, e.getMessage());
        }
        ChangeSender.Result result = sender.apply(rec, stepNumber, change, settingsToBuildOn(changes, rec, stepNumber));
        String what = appliedTo(target, step, change);
        return switch (result.outcome()) {
            case DONE -> ContinuousJob.is(result.after().settingsJson())
                    ? restarts.awaiting(click, rec, subject, StepDecision.applied(click.userId(), clock.instant()), what)
                    : new Decided(StepDecision.decided(click.blocksJson(), rec.id(), stepNumber,
                    StepDecision.applied(click.userId(), clock.instant()), true), rec, ChangeMessages.applied(subject, click.userId(), what));
            case REFUSED, NOT_DONE -> notApplied(rec, subject, Optional.ofNullable(result.reason())
                    .orElse(ApprovalReply.JOB_UNCHANGED.text("jobId", rec.jobId())));
            case UNKNOWN -> settled(rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.UNKNOWN, result.reason()));
            case PENDING -> settled(rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.PENDING, result.reason()));
            case SETTLED_ELSEWHERE -> new SettledElsewhere();
        };
    }

    /** What an applied step put in the job, as its notes word it. */
    static String appliedTo(StoredRecommendation rec, int stepNumber) {
        ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
        Step step = step(rec, stepNumber);
        return appliedTo(target, step, StepChanges.of(target, step));
    }

    private static String appliedTo(ClusterTarget target, Step step, SettingsChange change) {
        return ApprovalReply.APPLIED_TO.text("changes", ChangeMessages.describe(step), "cluster", ClusterTargets.describe(target, change));
    }

    /** {@code withdrawn}: the step awaited its restart, so nothing of it was in effect and none follows the roll back. */
    private ClickOutcome restore(Click click, StoredRecommendation rec, boolean withdrawn) {
        int stepNumber = click.step().step();
        Subject subject = subject(rec, stepNumber);
        ChangeSender.Result result = sender.rollBack(rec, changes.find(rec.id(), stepNumber).orElseThrow());
        return switch (result.outcome()) {
            case DONE -> withdrawn ? restarts.withdrawn(click, rec, subject) : ContinuousJob.is(result.after().settingsJson())
                    ? restarts.rolledBackAwaiting(click, rec, subject, StepDecision.rolledBack(click.userId(), clock.instant()))
                    : new Decided(StepDecision.decided(click.blocksJson(), rec.id(), stepNumber,
                    StepDecision.rolledBack(click.userId(), clock.instant()), false), rec, ChangeMessages.rolledBack(subject, click.userId()));
            case REFUSED -> new Refused(SlackMessages.notice(ErrorReply.WARNING.text("reason", result.reason())));
            case NOT_DONE -> settled(rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.NOT_RESTORED, result.reason()));
            case UNKNOWN -> settled(rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.RESTORE_UNKNOWN, result.reason()));
            case PENDING -> settled(rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.PENDING, result.reason()));
            case SETTLED_ELSEWHERE -> new SettledElsewhere();
        };
    }

    private static Subject subject(StoredRecommendation rec, int step) {
        return new Subject(rec.rule(), step, rec.jobId());
    }

    /** The step did not reach the job: the clicker gets the reason as a warning, the thread keeps it. */
    private static ClickOutcome notApplied(StoredRecommendation rec, Subject subject, String reason) {
        return new NotApplied(rec, SlackMessages.notice(ErrorReply.WARNING.text("reason", reason)), ChangeMessages.notApplied(subject, reason));
    }

    /** An outcome the clicker must see now and the thread must keep. */
    private static ClickOutcome settled(StoredRecommendation rec, SlackMessage note) {
        return new NotApplied(rec, note, note);
    }

    /**
     * Why a claim failed: the step was decided already, or an earlier step of the recommendation has
     * not passed its checks (and the step builds on it).
     */
    private SlackMessage whyNotClaimed(StoredRecommendation rec, int step) {
        Optional<ChangeRecord> earlier = changes.find(rec.id(), step).filter(c -> c.state() == ChangeState.PROPOSED)
                .flatMap(c -> IntStream.range(1, step).boxed().map(n -> changes.find(rec.id(), n))
                        .flatMap(Optional::stream).filter(p -> p.state() != ChangeState.VERIFIED).findFirst());
        if (earlier.isEmpty()) {
            return alreadyDecided(rec, step);
        }
        ChangeRecord previous = earlier.get();
        ApprovalReply why = OPEN.contains(previous.state()) ? ApprovalReply.WAITS_FOR_VERDICT : ApprovalReply.EARLIER_STEP_CLOSED;
        return SlackMessages.notice(why.text("previous", previous.step(), "state", previous.state().id(), "step", step));
    }

    /**
     * The recommendation behind the click, when the clicker is an approver, the button is on the
     * recommendation's post or its thread, and the clicker manages its job in Databricks (CAN MANAGE:
     * the bot's token is the means, not the authority); otherwise why not.
     */
    private Authorised authorised(Click click, SlackDirectory people) {
        if (!policy.isApprover(people, click.userId())) {
            return Authorised.refused(ApprovalReply.NOT_ALLOWED.text());
        }
        Optional<StoredRecommendation> rec = recommendations.find(click.step().recommendationId());
        if (rec.isEmpty()) {
            return Authorised.refused(ApprovalReply.UNKNOWN_RECOMMENDATION.text());
        }
        if (!click.message().isOrFollows(rec.get().channel(), rec.get().threadTs(), rec.get().messageTs())) {
            return Authorised.refused(ApprovalReply.NOT_THIS_MESSAGE.text());
        }
        Decision decision = access.mayOnJob(click.userId(), rec.get().jobId(), JobPermission.CAN_MANAGE, people);
        if (decision instanceof Decision.Refused refused) {
            return Authorised.refused(refused.reason());
        }
        return new Authorised(rec.get(), ((Decision.Allowed) decision).principal().userName(), null);
    }

    private SlackMessage alreadyDecided(StoredRecommendation rec, int step) {
        return changes.find(rec.id(), step)
                .map(c -> ChangeMessages.alreadyDecided(new Subject(rec.rule(), step, rec.jobId()), c.state().id(), c.decidedBy()))
                .orElse(SlackMessages.notice(ApprovalReply.NOTHING_TO_APPLY.text("step", step)));
    }

    private AuditEntry audit(StoredRecommendation rec, Click click, String principal, Transition t, String detail) {
        return new AuditEntry(clock.instant(), click.userId(), principal, rec.jobId(), rec.id(), click.step().step(), t.action(), detail);
    }

    /**
     * The fingerprint of the settings a step starts from: those the previous step left when it passed,
     * else those the advice saw (a rejected or rolled-back step left them as they were).
     */
    static String settingsToBuildOn(Changes changes, StoredRecommendation rec, int step) {
        return changes.find(rec.id(), step - 1).filter(p -> p.state() == ChangeState.VERIFIED).map(ChangeRecord::fingerprintAfter)
                .orElse(rec.settingsFingerprint());
    }

    static Step step(StoredRecommendation rec, int number) {
        return rec.steps().stream().filter(s -> s.step() == number).findFirst()
                .orElseThrow(() -> new StepChanges.NotApplicableException(ApprovalReply.NO_SUCH_STEP.text("step", number)));
    }

    private static List<Integer> applicableSteps(List<Step> steps) {
        return steps.stream().filter(s -> s.changes().stream().anyMatch(Change::applicable)).map(Step::step).toList();
    }
}
