package io.sparkadvisor.bot.followup;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.HEALTH_RULE_MIN_RUNS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.HEALTH_RULE_WAIT_DAYS;

import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.HealthRuleOffers;
import io.sparkadvisor.bot.store.HealthRuleOffers.Waiting;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On the follow-up schedule, the verified steps whose verdict came before their job had the runs for a duration health
 * rule: one runs/list per waiting step and poll, then {@link HealthRuleWait} decides; the offer (or why none after all)
 * is posted in the verdict's thread by whoever ends the wait, so once across replicas.
 */
public final class HealthRuleWaiter {
    private static final Logger LOG = LoggerFactory.getLogger(HealthRuleWaiter.class);

    private final Recommendations recommendations;
    private final Changes changes;
    private final HealthRuleOffering offering;
    private final ChangeReplies slack;
    private final Clock clock;
    private final int minRuns;
    private final long waitDays;

    /** {@code thresholds}: follow-up.healthRuleMinRuns and follow-up.healthRuleWaitDays. */
    public HealthRuleWaiter(Recommendations recommendations, Changes changes, HealthRuleOffering offering, ChangeReplies slack, Clock clock,
            Thresholds thresholds) {
        this.recommendations = recommendations;
        this.changes = changes;
        this.offering = offering;
        this.slack = slack;
        this.clock = clock;
        this.minRuns = (int) thresholds.get(HEALTH_RULE_MIN_RUNS);
        this.waitDays = (long) thresholds.get(HEALTH_RULE_WAIT_DAYS);
    }

    /** One pass over the waiting steps; a step that cannot be read now is looked at next time. */
    public void poll() {
        for (Waiting waiting : recommendations.healthRuleOffers().waiting()) {
            try {
                look(waiting);
            } catch (RuntimeException e) {
                LOG.warn("health rule wait of step {} of {} failed", waiting.step(), waiting.recommendationId(), e);
            }
        }
    }

    private void look(Waiting waiting) {
        HealthRuleOffers offers = recommendations.healthRuleOffers();
        StoredRecommendation rec = recommendations.find(waiting.recommendationId()).orElseThrow();
        ChangeRecord change = changes.find(rec.id(), waiting.step()).orElseThrow();
        List<Long> since = offering.runsSince(rec, change);
        switch (HealthRuleWait.next(change.state(), since.size(), minRuns, waiting.since(), clock.instant(), Duration.ofDays(waitDays))) {
            case WAIT -> { }
            case DROP -> offers.stopWaiting(rec.id(), change.step());
            case GIVE_UP -> {
                if (offers.stopWaiting(rec.id(), change.step())) {
                    slack.inThread(rec, SlackMessages.notice(HealthRuleReply.STOPPED_WAITING.text("runs", since.size(), "plural",
                            since.size() != 1, "step", change.step(), "needed", minRuns, "days", waitDays)));
                }
            }
            case OFFER -> {
                HealthRuleOffer offer = offering.duration(rec, change, since); // read before the wait ends: a failed read retries
                if (offers.stopWaiting(rec.id(), change.step())) {
                    offering.post(rec, change.step(), offer, slack);
                }
            }
        }
    }
}
