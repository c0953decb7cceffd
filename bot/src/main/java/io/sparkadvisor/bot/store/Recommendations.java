package io.sparkadvisor.bot.store;

import java.util.List;
import java.util.Optional;

/**
 * Posted recommendations, each with one proposed change per step the bot can apply. Append-only:
 * every post of an analysis is a recommendation of its own (its id names the post), so a re-ask
 * elsewhere never moves where an earlier post's approvals, verdicts and roll backs are said, nor
 * who asked for it.
 */
public final class Recommendations {
    private final Database db;

    /** The run-time predictions of the recommendations kept here. */
    public Predictions predictions() {
        return new Predictions(db);
    }

    /** The health rules offered under the verdicts of their verified steps. */
    public HealthRuleOffers healthRuleOffers() {
        return new HealthRuleOffers(db);
    }

    public Recommendations(Database db) {
        this.db = db;
    }

    /** Records a posted recommendation; posting the same id again (a retried delivery) changes nothing. */
    public void posted(StoredRecommendation r, List<Integer> applicableSteps) {
        db.inTransaction(sql -> {
            if (!sql.query("SELECT 1 FROM recommendations WHERE id = ?", rs -> 1, r.id()).isEmpty()) {
                return null;
            }
            sql.update("INSERT INTO recommendations (id, run_id, job_id, rule_id, cluster_target, steps_json,"
                    + " settings_fingerprint, channel, thread_ts, message_ts, requester, created_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", r.id(), r.runId(), r.jobId(), r.rule(),
                    r.clusterTarget(), r.stepsJson(), r.settingsFingerprint(), r.channel(), r.threadTs(), r.messageTs(),
                    r.requester(), r.createdAt());
            for (int step : applicableSteps) {
                sql.update("INSERT INTO changes (recommendation_id, step, state, state_since) VALUES (?, ?, ?, ?)", r.id(), step,
                        ChangeState.PROPOSED.id(), r.createdAt());
            }
            return null;
        });
    }

    public Optional<StoredRecommendation> find(String id) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM recommendations WHERE id = ?", rs -> new StoredRecommendation(
                rs.getString("id"), rs.getLong("run_id"), rs.getLong("job_id"), rs.getString("rule_id"),
                rs.getString("cluster_target"), rs.getString("steps_json"), rs.getString("settings_fingerprint"),
                rs.getString("channel"), rs.getString("thread_ts"), rs.getString("message_ts"), rs.getString("requester"),
                Statements.instant(rs, "created_at")), id).stream().findFirst());
    }

    /** Everyone who asked for this finding of this run, in any post: none of them approves it alone. */
    public List<String> requesters(StoredRecommendation r) {
        return db.inTransaction(sql -> sql.query("SELECT DISTINCT requester FROM recommendations WHERE run_id = ? AND rule_id = ?"
                + " AND cluster_target = ?", rs -> rs.getString("requester"), r.runId(), r.rule(), r.clusterTarget()));
    }
}
