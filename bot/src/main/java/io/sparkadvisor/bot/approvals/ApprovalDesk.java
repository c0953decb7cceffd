package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.access.JobPermission;
import io.sparkadvisor.databricks.apply.ClusterChange;
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
import java.util.stream.IntStream;

/**
 * Turns recommendations into changes: records each posted recommendation with the job's settings
 * fingerprint, and on Approve claims the step (once, whatever the number of clicks or replicas),
 * applies its changes to the job cluster unless the job was edited since, records the settings
 * before and after, and says so in place and in the thread. Reject closes the step.
 */
public final class ApprovalDesk {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How long a click waits for another change to the same job to finish before it is told the job is busy. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(20);
    /** States of an earlier step that may still pass: a later step waits for them rather than being closed. */
    private static final Set<ChangeState> OPEN = EnumSet.of(ChangeState.PROPOSED, ChangeState.APPROVED, ChangeState.APPLYING,
            ChangeState.APPLIED);

    private final Recommendations recommendations;
    private final Changes changes;
    private final JobLocks locks;
    private final Workspace workspace;
    private final ChangeSender sender;
    private final ApprovalPolicy policy;
    private final AccessService access;
    private final Clock clock;

    /** A click let through: the recommendation, and the Databricks user the clicker is (for the audit trail). */
    private record Authorised(StoredRecommendation rec, String principal) {
    }

    public ApprovalDesk(Recommendations recommendations, Changes changes, JobLocks locks, Workspace workspace, ApprovalPolicy policy,
            AccessService access, Clock clock) {
        this.access = access;
        this.recommendations = recommendations;
        this.changes = changes;
        this.locks = locks;
        this.workspace = workspace;
        this.sender = new ChangeSender(changes, workspace, clock);
        this.policy = policy;
        this.clock = clock;
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
                    p.finding().rule(), ClusterTargets.encode(advice.target()), write(steps), fingerprint, advice.channel(),
                    advice.threadTs(), p.messageTs(), advice.requester(), clock.instant()), applicableSteps(steps));
            Prediction prediction = Prediction.of(p.finding(), advice.runMs());
            if (prediction != null) {
                recommendations.predictions().predicted(p.recommendationId(), p.finding().rule(), prediction);
            }
        }
    }

    public void approve(Click click, ChangeReplies slack) {
        Optional<Authorised> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get().rec();
        String principal = found.get().principal();
        if (policy.forbidsSelfApproval(click.userId(), recommendations.requesters(rec))) {
            slack.whisper(click, ApprovalReply.NOT_YOURS.text());
            return;
        }
        int stepNumber = click.step().step();
        Subject subject = new Subject(rec.rule(), stepNumber, rec.jobId());
        Optional<JobLocks.Held> lock = locks.lock(rec.jobId(), LOCK_WAIT);
        if (lock.isEmpty()) {
            slack.whisper(click, ChangeMessages.busy(subject));
            return;
        }
        try (JobLocks.Held held = lock.get()) {
            if (!changes.approve(audit(rec, click, principal, Transition.APPROVE, "step " + stepNumber + " of " + rec.rule()))) {
                slack.whisper(click, whyNotClaimed(rec, stepNumber));
                return;
            }
            Step step;
            ClusterChange change;
            ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
            try {
                step = step(rec, stepNumber);
                change = StepChanges.of(target, step);
            } catch (StepChanges.NotApplicableException e) {
                changes.move(Transition.REFUSE, audit(rec, click, principal, Transition.REFUSE, e.getMessage()));
                slack.whisper(click, ErrorReply.WARNING.text("reason", e.getMessage()));
                slack.inThread(rec, ChangeMessages.notApplied(subject, e.getMessage()));
                return;
            }
            ChangeSender.Result result = sender.apply(rec, stepNumber, change, settingsToBuildOn(changes, rec, stepNumber));
            String what = ApprovalReply.APPLIED_TO.text("changes", ChangeMessages.describe(step), "cluster", ClusterTargets.describe(target));
            switch (result.outcome()) {
                case DONE -> {
                    slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber,
                            StepDecision.applied(click.userId(), clock.instant()), true));
                    slack.inThread(rec, ChangeMessages.applied(subject, click.userId(), what));
                }
                case REFUSED, NOT_DONE -> {
                    String reason = Optional.ofNullable(result.reason()).orElse(ApprovalReply.JOB_UNCHANGED.text("jobId", rec.jobId()));
                    slack.whisper(click, ErrorReply.WARNING.text("reason", reason));
                    slack.inThread(rec, ChangeMessages.notApplied(subject, reason));
                }
                case UNKNOWN -> tellBoth(click, slack, rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.UNKNOWN, result.reason()));
                case PENDING -> tellBoth(click, slack, rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.PENDING, result.reason()));
                case SETTLED_ELSEWHERE -> { }
            }
        }
    }

    public void reject(Click click, ChangeReplies slack) {
        Optional<Authorised> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get().rec();
        String principal = found.get().principal();
        int stepNumber = click.step().step();
        if (!changes.move(Transition.REJECT, audit(rec, click, principal, Transition.REJECT, "step " + stepNumber + " of " + rec.rule()))) {
            slack.whisper(click, alreadyDecided(rec, stepNumber));
            return;
        }
        slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber, StepDecision.rejected(click.userId(), clock.instant()), false));
    }

    /**
     * Puts back the settings recorded before the step, unless the job was edited after it, under
     * the job's lock. The step is claimed as rolling back first, so two clicks restore once; a
     * restore that did not reach the job returns it to where it was.
     */
    public void rollBack(Click click, ChangeReplies slack) {
        Optional<Authorised> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get().rec();
        String principal = found.get().principal();
        int stepNumber = click.step().step();
        Subject subject = new Subject(rec.rule(), stepNumber, rec.jobId());
        Optional<JobLocks.Held> lock = locks.lock(rec.jobId(), LOCK_WAIT);
        if (lock.isEmpty()) {
            slack.whisper(click, ChangeMessages.busy(subject));
            return;
        }
        try (JobLocks.Held held = lock.get()) {
            if (!changes.move(Transition.ROLL_BACK, audit(rec, click, principal, Transition.ROLL_BACK, "step " + stepNumber + " of " + rec.rule()))) {
                slack.whisper(click, alreadyDecided(rec, stepNumber));
                return;
            }
            ChangeSender.Result result = sender.rollBack(rec, changes.find(rec.id(), stepNumber).orElseThrow());
            switch (result.outcome()) {
                case DONE -> {
                    slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber,
                            StepDecision.rolledBack(click.userId(), clock.instant()), false));
                    slack.inThread(rec, ChangeMessages.rolledBack(subject, click.userId()));
                }
                case REFUSED -> slack.whisper(click, ErrorReply.WARNING.text("reason", result.reason()));
                case NOT_DONE -> tellBoth(click, slack, rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.NOT_RESTORED, result.reason()));
                case UNKNOWN -> tellBoth(click, slack, rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.RESTORE_UNKNOWN, result.reason()));
                case PENDING -> tellBoth(click, slack, rec, ChangeMessages.settled(rec.id(), subject, click.userId(), Settled.PENDING, result.reason()));
                case SETTLED_ELSEWHERE -> { }
            }
        }
    }

    /** An outcome the clicker must see now and the thread must keep. */
    private static void tellBoth(Click click, ChangeReplies slack, StoredRecommendation rec, SlackMessage note) {
        slack.whisper(click, note);
        slack.inThread(rec, note);
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
     * the bot's token is the means, not the authority); otherwise tells them why not.
     */
    private Optional<Authorised> authorised(Click click, ChangeReplies slack) {
        if (!policy.isApprover(slack.people(), click.userId())) {
            slack.whisper(click, ApprovalReply.NOT_ALLOWED.text());
            return Optional.empty();
        }
        Optional<StoredRecommendation> rec = recommendations.find(click.step().recommendationId());
        if (rec.isEmpty()) {
            slack.whisper(click, ApprovalReply.UNKNOWN_RECOMMENDATION.text());
            return Optional.empty();
        }
        if (!click.message().isOrFollows(rec.get().channel(), rec.get().threadTs(), rec.get().messageTs())) {
            slack.whisper(click, ApprovalReply.NOT_THIS_MESSAGE.text());
            return Optional.empty();
        }
        Decision decision = access.mayOnJob(click.userId(), rec.get().jobId(), JobPermission.CAN_MANAGE, slack.people());
        if (decision instanceof Decision.Refused refused) {
            slack.whisper(click, refused.reason());
            return Optional.empty();
        }
        return Optional.of(new Authorised(rec.get(), ((Decision.Allowed) decision).principal().userName()));
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

    /** The steps of a recommendation as they were posted. */
    public static List<Step> steps(StoredRecommendation rec) {
        return read(rec.stepsJson());
    }

    static Step step(StoredRecommendation rec, int number) {
        return steps(rec).stream().filter(s -> s.step() == number).findFirst()
                .orElseThrow(() -> new StepChanges.NotApplicableException(ApprovalReply.NO_SUCH_STEP.text("step", number)));
    }

    private static List<Integer> applicableSteps(List<Step> steps) {
        return steps.stream().filter(s -> s.changes().stream().anyMatch(Change::applicable)).map(Step::step).toList();
    }

    private static String write(List<Step> steps) {
        try {
            return JSON.writeValueAsString(steps);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("steps are plain records", e);
        }
    }

    private static List<Step> read(String stepsJson) {
        try {
            return JSON.readValue(stepsJson, new TypeReference<List<Step>>() {});
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("steps were written by write()", e);
        }
    }
}
