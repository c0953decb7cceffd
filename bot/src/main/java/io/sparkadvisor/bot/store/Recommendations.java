package io.sparkadvisor.bot.store;

import java.util.List;
import java.util.Optional;

/** Posted recommendations, each with one proposed change per step the bot can apply. */
public final class Recommendations {
    private final Database db;

    public Recommendations(Database db) {
        this.db = db;
    }

    /**
     * Records a posted recommendation. Asking about the same run again re-posts the same
     * recommendation id: while none of its steps was decided, the record follows the newest post
     * and the newest settings fingerprint; once one was, the record stays as it was decided on.
     */
    public void posted(StoredRecommendation r, List<Integer> applicableSteps) {
        db.inTransaction(sql -> {
            int refreshed = sql.update("UPDATE recommendations SET settings_fingerprint = ?, channel = ?, thread_ts = ?,"
                    + " message_ts = ?, requester = ?, steps_json = ?, cluster_target = ? WHERE id = ? AND NOT EXISTS"
                    + " (SELECT 1 FROM changes WHERE recommendation_id = ? AND state <> 'proposed')",
                    r.settingsFingerprint(), r.channel(), r.threadTs(), r.messageTs(), r.requester(), r.stepsJson(),
                    r.clusterTarget(), r.id(), r.id());
            if (refreshed == 0 && sql.query("SELECT 1 FROM recommendations WHERE id = ?", rs -> 1, r.id()).isEmpty()) {
                sql.update("INSERT INTO recommendations (id, run_id, job_id, rule_id, cluster_target, steps_json,"
                        + " settings_fingerprint, channel, thread_ts, message_ts, requester, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", r.id(), r.runId(), r.jobId(), r.rule(),
                        r.clusterTarget(), r.stepsJson(), r.settingsFingerprint(), r.channel(), r.threadTs(), r.messageTs(),
                        r.requester(), r.createdAt());
            }
            for (int step : applicableSteps) {
                sql.update("INSERT INTO changes (recommendation_id, step, state) SELECT ?, ?, 'proposed' WHERE NOT EXISTS"
                        + " (SELECT 1 FROM changes WHERE recommendation_id = ? AND step = ?)", r.id(), step, r.id(), step);
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
}
