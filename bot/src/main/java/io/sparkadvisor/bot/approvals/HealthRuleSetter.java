package io.sparkadvisor.bot.approvals;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import io.sparkadvisor.bot.approvals.ClickOutcome.Decided;
import io.sparkadvisor.bot.approvals.ClickOutcome.Refused;
import io.sparkadvisor.bot.store.AuditAction;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.HealthRuleOffers;
import io.sparkadvisor.bot.store.HealthRuleOffers.Offer;
import io.sparkadvisor.bot.store.JobLocks;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.HealthRuleMessages;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.util.Optional;

/**
 * Sets the health rule offered under a verified step's verdict, for an approver {@link ApprovalDesk} let through: the
 * offer (kept when it was posted, never read from the button) is claimed once, so a double click sends one
 * {@code jobs/update}; that update carries the job's {@code health} with every other rule kept; the job's lock keeps
 * it from interleaving with another change's read-modify-write of the same job.
 */
final class HealthRuleSetter {
    private final HealthRuleOffers offers;
    private final JobLocks locks;
    private final Workspace workspace;
    private final Clock clock;

    HealthRuleSetter(HealthRuleOffers offers, JobLocks locks, Workspace workspace, Clock clock) {
        this.offers = offers;
        this.locks = locks;
        this.workspace = workspace;
        this.clock = clock;
    }

    ClickOutcome set(Click click, StoredRecommendation rec, String principal) {
        int step = click.step().step();
        Optional<Offer> found = offers.find(rec.id(), step);
        if (found.isEmpty()) {
            return new Refused(SlackMessages.notice(HealthRuleReply.UNKNOWN_OFFER.text()));
        }
        Offer offer = found.get();
        Optional<JobLocks.Held> lock = locks.lock(rec.jobId(), ApprovalDesk.LOCK_WAIT);
        if (lock.isEmpty()) {
            return new Refused(ChangeMessages.busy(new Subject(rec.rule(), step, rec.jobId())));
        }
        try (JobLocks.Held held = lock.get()) {
            if (!offers.claim(rec.id(), step, click.userId())) {
                String by = offers.find(rec.id(), step).map(Offer::setBy).orElse(offer.setBy());
                return new Refused(HealthRuleMessages.mentioning(HealthRuleReply.ALREADY_SET.text("user", by)));
            }
            try {
                workspace.setHealthRule(rec.jobId(), new HealthRule(JobsHealthMetric.valueOf(offer.metric()), offer.value()));
            } catch (WorkspaceException e) {
                // A send whose answer was lost may have taken; sending again sets the same rule, so the offer is given back.
                offers.release(rec.id(), step);
                return new Refused(SlackMessages.notice(HealthRuleReply.NOT_SET.text("reason", e.getMessage())));
            }
            String rule = HealthRuleMessages.rule(offer.metric(), offer.value());
            offers.set(new AuditEntry(clock.instant(), click.userId(), principal, rec.jobId(), rec.id(), step, AuditAction.HEALTH_RULE_SET,
                    rule + " on job " + rec.jobId()));
            return new Decided(HealthRuleMessages.set(offer.text(), HealthRuleReply.SET_BY.text("user", click.userId(), "rule", rule)), rec,
                    HealthRuleMessages.mentioning(HealthRuleReply.SET_NOTE.text("user", click.userId(), "rule", rule, "jobId", rec.jobId())));
        }
    }
}
