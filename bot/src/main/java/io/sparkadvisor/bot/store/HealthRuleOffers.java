package io.sparkadvisor.bot.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The health rules offered under verified steps' verdicts, one per step, claimed once by the click that sets it
 * (a conditional update: of a double click or two replicas exactly one wins) and recorded set with its audit line;
 * and the verified steps still waiting for the runs a duration rule needs.
 */
public final class HealthRuleOffers {
    /** An offered rule: {@code metric} is a JobsHealthMetric name; {@code setBy} who claimed it, once someone did. */
    public record Offer(String recommendationId, int step, String metric, long value, String text, String setBy) {}

    /** A verified step waiting since {@code since} for its job's runs before its duration rule is offered. */
    public record Waiting(String recommendationId, int step, Instant since) {}

    private final Database db;

    public HealthRuleOffers(Database db) {
        this.db = db;
    }

    /** Keeps the offer; false when the step has one already (the verdict is posted once, so this is a retry). */
    public boolean offered(Offer offer, Instant at) {
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO health_rule_offers (recommendation_id, step, metric, rule_value,"
                    + " offer_text, state, offered_at) VALUES (?, ?, ?, ?, ?, 'offered', ?)", offer.recommendationId(), offer.step(),
                    offer.metric(), offer.value(), offer.text(), at) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    public Optional<Offer> find(String recommendationId, int step) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM health_rule_offers WHERE recommendation_id = ? AND step = ?",
                rs -> new Offer(rs.getString("recommendation_id"), rs.getInt("step"), rs.getString("metric"), rs.getLong("rule_value"),
                        rs.getString("offer_text"), rs.getString("set_by")), recommendationId, step).stream().findFirst());
    }

    /** The click's claim: true for exactly one clicker while the offer is open. */
    public boolean claim(String recommendationId, int step, String user) {
        return db.inTransaction(sql -> sql.update("UPDATE health_rule_offers SET state = 'setting', set_by = ? WHERE recommendation_id = ?"
                + " AND step = ? AND state = 'offered'", user, recommendationId, step) == 1);
    }

    /** The job holds the rule: the offer is closed and {@code why} is its line in the audit trail. */
    public void set(AuditEntry why) {
        if (why.action() != AuditAction.HEALTH_RULE_SET) {
            throw new IllegalArgumentException("a health rule set records " + AuditAction.HEALTH_RULE_SET + ", not " + why.action());
        }
        db.inTransaction(sql -> {
            if (sql.update("UPDATE health_rule_offers SET state = 'set' WHERE recommendation_id = ? AND step = ? AND state = 'setting'",
                    why.recommendationId(), why.step()) == 1) {
                Changes.append(sql, why);
            }
            return null;
        });
    }

    /** The send failed: the offer may be clicked again. */
    public void release(String recommendationId, int step) {
        db.inTransaction(sql -> sql.update("UPDATE health_rule_offers SET state = 'offered', set_by = NULL WHERE recommendation_id = ?"
                + " AND step = ? AND state = 'setting'", recommendationId, step));
    }

    /** Remembers that the step waits for runs; false when it does already (a verdict retried, another replica). */
    public boolean waitForRuns(String recommendationId, int step, Instant since) {
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO health_rule_waits (recommendation_id, step, waiting_since)"
                    + " VALUES (?, ?, ?)", recommendationId, step, since) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    /** The steps waiting for runs, the longest waiting first. */
    public List<Waiting> waiting() {
        return db.inTransaction(sql -> sql.query("SELECT * FROM health_rule_waits ORDER BY waiting_since", rs -> new Waiting(
                rs.getString("recommendation_id"), rs.getInt("step"), Statements.instant(rs, "waiting_since"))));
    }

    /** Ends the step's wait; true for exactly one caller, who then says what came of it. */
    public boolean stopWaiting(String recommendationId, int step) {
        return db.inTransaction(sql -> sql.update("DELETE FROM health_rule_waits WHERE recommendation_id = ? AND step = ?",
                recommendationId, step) == 1);
    }
}
