package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.apply.AppliedChange;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.SettingsChangedException;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import io.sparkadvisor.templates.slack.StepDecision;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Turns recommendations into changes: records each posted recommendation with the job's settings
 * fingerprint, and on Approve claims the step (once, whatever the number of clicks or replicas),
 * applies its changes to the job cluster unless the job was edited since, records the settings
 * before and after, and says so in place and in the thread. Reject closes the step.
 */
public final class ApprovalDesk {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Recommendations recommendations;
    private final Changes changes;
    private final Workspace workspace;
    private final ApprovalPolicy policy;
    private final Clock clock;

    public ApprovalDesk(Recommendations recommendations, Changes changes, Workspace workspace, ApprovalPolicy policy, Clock clock) {
        this.recommendations = recommendations;
        this.changes = changes;
        this.workspace = workspace;
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
        String fingerprint = workspace.settings(advice.ref().jobId()).fingerprint();
        for (PostedAdvice.Posted p : applicable) {
            List<Step> steps = p.finding().recommendation().steps();
            recommendations.posted(new StoredRecommendation(p.recommendationId(), advice.ref().runId(), advice.ref().jobId(),
                    p.finding().rule(), ClusterTargets.encode(advice.target()), write(steps), fingerprint, advice.channel(),
                    advice.threadTs(), p.messageTs(), advice.requester(), clock.instant()), applicableSteps(steps));
        }
    }

    void approve(Click click, SlackReplies slack) {
        Optional<StoredRecommendation> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get();
        if (policy.forbidsSelfApproval(click.userId(), rec.requester())) {
            slack.whisper(click, ApprovalReply.NOT_YOURS.text());
            return;
        }
        int stepNumber = click.step().step();
        Optional<ChangeRecord> previous = changes.find(rec.id(), stepNumber - 1);
        if (previous.map(p -> p.state() == ChangeState.APPROVED || p.state() == ChangeState.APPLIED).orElse(false)) {
            slack.whisper(click, ApprovalReply.WAITS_FOR_VERDICT.text("previous", stepNumber - 1, "state", previous.get().state().id(),
                    "step", stepNumber));
            return;
        }
        if (!changes.move(ChangeState.PROPOSED, ChangeState.APPROVED, audit(rec, click, "approved", "step " + stepNumber + " of " + rec.rule()))) {
            slack.whisper(click, alreadyDecided(rec, stepNumber));
            return;
        }
        ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
        Subject subject = new Subject(rec.rule(), stepNumber, rec.jobId());
        try {
            Step step = step(rec, stepNumber);
            ClusterChange change = StepChanges.of(target, step);
            String expected = settingsToBuildOn(changes, rec, stepNumber);
            SettingsSnapshot before = workspace.settings(rec.jobId());
            if (!before.fingerprint().equals(expected)) {
                throw new SettingsChangedException(rec.jobId(), expected, before.fingerprint());
            }
            changes.prepared(rec.id(), stepNumber, before.settingsJson());
            AppliedChange applied = workspace.apply(rec.jobId(), change, expected);
            String what = ApprovalReply.APPLIED_TO.text("changes", ChangeMessages.describe(step), "cluster", ClusterTargets.describe(target));
            Instant at = clock.instant();
            changes.applied(applied.before().settingsJson(), applied.after().settingsJson(), applied.after().fingerprint(),
                    new AuditEntry(at, click.userId(), rec.jobId(), rec.id(), stepNumber, "applied", what));
            slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber, StepDecision.applied(click.userId(), at), true));
            slack.inThread(rec, ChangeMessages.applied(subject, click.userId(), what));
        } catch (WorkspaceException | StepChanges.NotApplicableException e) {
            // the job was edited since, or the workspace refused: nothing changed, so the step can be approved again
            changes.move(ChangeState.APPROVED, ChangeState.PROPOSED, audit(rec, click, "refused", e.getMessage()));
            slack.whisper(click, ErrorReply.WARNING.text("reason", e.getMessage()));
            slack.inThread(rec, ChangeMessages.notApplied(subject, e.getMessage()));
        }
    }

    void reject(Click click, SlackReplies slack) {
        Optional<StoredRecommendation> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get();
        int stepNumber = click.step().step();
        if (!changes.move(ChangeState.PROPOSED, ChangeState.REJECTED, audit(rec, click, "rejected", "step " + stepNumber + " of " + rec.rule()))) {
            slack.whisper(click, alreadyDecided(rec, stepNumber));
            return;
        }
        slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber, StepDecision.rejected(click.userId(), clock.instant()), false));
    }

    /**
     * Puts back the settings recorded before the step, unless the job was edited after it. The
     * step is claimed as rolled back first, so two clicks restore once; a refused restore returns
     * it to applied.
     */
    void rollBack(Click click, SlackReplies slack) {
        Optional<StoredRecommendation> found = authorised(click, slack);
        if (found.isEmpty()) {
            return;
        }
        StoredRecommendation rec = found.get();
        int stepNumber = click.step().step();
        if (!changes.move(ChangeState.APPLIED, ChangeState.ROLLED_BACK, audit(rec, click, "rolled-back", "step " + stepNumber + " of " + rec.rule()))) {
            slack.whisper(click, alreadyDecided(rec, stepNumber));
            return;
        }
        ChangeRecord change = changes.find(rec.id(), stepNumber).orElseThrow();
        try {
            workspace.restore(rec.jobId(), change.settingsBefore(), change.fingerprintAfter());
            slack.edit(click, StepDecision.decided(click.blocksJson(), rec.id(), stepNumber, StepDecision.rolledBack(click.userId(), clock.instant()), false));
            slack.inThread(rec, ChangeMessages.rolledBack(new Subject(rec.rule(), stepNumber, rec.jobId()), click.userId()));
        } catch (WorkspaceException e) {
            changes.move(ChangeState.ROLLED_BACK, ChangeState.APPLIED, audit(rec, click, "refused", e.getMessage()));
            slack.whisper(click, ErrorReply.WARNING.text("reason", e.getMessage()));
        }
    }

    /** The recommendation behind the click, when the clicker is an approver; otherwise tells them why not. */
    private Optional<StoredRecommendation> authorised(Click click, SlackReplies slack) {
        if (!policy.isApprover(slack.client(), click.userId())) {
            slack.whisper(click, ApprovalReply.NOT_ALLOWED.text());
            return Optional.empty();
        }
        Optional<StoredRecommendation> rec = recommendations.find(click.step().recommendationId());
        if (rec.isEmpty()) {
            slack.whisper(click, ApprovalReply.UNKNOWN_RECOMMENDATION.text());
        }
        return rec;
    }

    private SlackMessage alreadyDecided(StoredRecommendation rec, int step) {
        return changes.find(rec.id(), step)
                .map(c -> ChangeMessages.alreadyDecided(new Subject(rec.rule(), step, rec.jobId()), c.state().id(), c.decidedBy()))
                .orElse(SlackMessages.notice(ApprovalReply.NOTHING_TO_APPLY.text("step", step)));
    }

    private AuditEntry audit(StoredRecommendation rec, Click click, String action, String detail) {
        return new AuditEntry(clock.instant(), click.userId(), rec.jobId(), rec.id(), click.step().step(), action, detail);
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
