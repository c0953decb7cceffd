package io.sparkadvisor.bot.followup;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.HEALTH_RULE_FACTOR;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.HEALTH_RULE_MIN_RUNS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.HEALTH_RULE_WAIT_DAYS;

import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.HealthRuleOffers;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.databricks.apply.JobHealth;
import io.sparkadvisor.databricks.fetch.EventLog;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import io.sparkadvisor.templates.slack.HealthRuleMessages;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Under a verified step's verdict, offers the job a Databricks health rule from its new history ({@link HealthRuleOffer}):
 * the duration rule from the runs since the step, or for a run with streaming queries the backlog rule. The offer is kept
 * ({@link HealthRuleOffers}) and posted with its button; when none fits, the thread is told why. A job with too few runs
 * since the step yet is remembered, and {@link HealthRuleWaiter} offers the rule once they are there.
 */
public final class HealthRuleOffering implements AfterVerdict {
    private static final Logger LOG = LoggerFactory.getLogger(HealthRuleOffering.class);
    /** The runs since the step whose durations are read: one runs/list page. */
    static final int RUNS_READ = 25;

    private final Workspace workspace;
    private final Changes changes;
    private final HealthRuleOffers offers;
    private final Thresholds thresholds;
    private final Clock clock;

    public HealthRuleOffering(Workspace workspace, Changes changes, HealthRuleOffers offers, Thresholds thresholds, Clock clock) {
        this.workspace = workspace;
        this.changes = changes;
        this.offers = offers;
        this.thresholds = thresholds;
        this.clock = clock;
    }

    @Override
    public void judged(StoredRecommendation rec, long runId, ChangeReplies slack) {
        Optional<ChangeRecord> verified = rec.steps().stream().map(s -> changes.find(rec.id(), s.step())).flatMap(Optional::stream)
                .filter(c -> c.state() == ChangeState.VERIFIED && Objects.equals(c.followedUpRunId(), runId)).findFirst();
        if (verified.isEmpty()) {
            return; // a failed step is rolled back, not watched
        }
        int step = verified.get().step();
        try {
            HealthRuleOffer offer = offer(rec, verified.get(), runId);
            if (!offer.waitsForRuns()) {
                post(rec, step, offer, slack);
            } else if (offers.waitForRuns(rec.id(), step, clock.instant())) {
                slack.inThread(rec, SlackMessages.notice(offer.text() + " "
                        + HealthRuleReply.WAITING_FOR_RUNS.text("days", (long) thresholds.get(HEALTH_RULE_WAIT_DAYS))));
            }
        } catch (WorkspaceException e) {
            LOG.warn("no health rule offered for step {} of {}: {}", step, rec.id(), e.getMessage()); // the verdict stands without it
        }
    }

    /** The offer kept and posted with its button, or the sentence saying why none. */
    void post(StoredRecommendation rec, int step, HealthRuleOffer offer, ChangeReplies slack) {
        if (offer.rule().isEmpty()) {
            slack.inThread(rec, SlackMessages.notice(offer.text()));
            return;
        }
        HealthRule rule = offer.rule().get();
        if (offers.offered(new HealthRuleOffers.Offer(rec.id(), step, rule.metric().name(), rule.value(), offer.text(), null),
                clock.instant())) {
            slack.inThread(rec, HealthRuleMessages.offer(offer.text(), rec.id(), step));
        }
    }

    private HealthRuleOffer offer(StoredRecommendation rec, ChangeRecord change, long runId) {
        List<StreamingQueryFacts> streams = streams(new RunRef(runId, rec.jobId(), null));
        if (!streams.isEmpty()) {
            return HealthRuleOffer.backlog(runId, streams, JobHealth.of(workspace.settings(rec.jobId())), thresholds.get(HEALTH_RULE_FACTOR));
        }
        return duration(rec, change, runsSince(rec, change));
    }

    /** The durations of the job's runs completed since the step was applied: one runs/list page. */
    List<Long> runsSince(StoredRecommendation rec, ChangeRecord change) {
        return workspace.wallTimesBetween(rec.jobId(), change.appliedAt().toEpochMilli(), clock.millis() + 1, RUNS_READ);
    }

    /** The duration rule from {@code since} against the job's rules now. */
    HealthRuleOffer duration(StoredRecommendation rec, ChangeRecord change, List<Long> since) {
        return HealthRuleOffer.duration(since, JobHealth.of(workspace.settings(rec.jobId())), change.step(),
                thresholds.get(HEALTH_RULE_FACTOR), (int) thresholds.get(HEALTH_RULE_MIN_RUNS));
    }

    /** The streaming queries of the judged run's delivered logs (their facts from the cache the verdict just filled). */
    private List<StreamingQueryFacts> streams(RunRef run) {
        RunTelemetry telemetry = workspace.fetch(run);
        return telemetry.clusters().stream().filter(c -> c.eventLog() instanceof EventLog.Delivered)
                .flatMap(c -> workspace.facts(telemetry, c, bytes -> { }).streaming().stream()).toList();
    }
}
