package io.sparkadvisor.bot.store;

import io.sparkadvisor.rules.advisor.Prediction;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Each recommendation's run-time prediction, and what the runs judged after its steps took. */
public final class Predictions {
    private final Database db;

    public Predictions(Database db) {
        this.db = db;
    }

    /** A judged step of a recommendation: its rule, step, the run and how it measured up. */
    public record Judged(String recommendationId, String rule, int step, long runId, Prediction.Outcome outcome) {}

    public void predicted(String recommendationId, String rule, Prediction p) {
        db.inTransaction(sql -> sql.update("INSERT INTO predictions (recommendation_id, rule_id, baseline_ms, predicted_ms, upper_bound)"
                + " VALUES (?, ?, ?, ?, ?)", recommendationId, rule, p.baselineMs(), p.predictedMs(), p.upperBound()));
    }

    public Optional<Prediction> find(String recommendationId) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM predictions WHERE recommendation_id = ?", Predictions::prediction,
                recommendationId).stream().findFirst());
    }

    /** Records what the run judged after {@code step} took; once per step (the verdict is recorded once too). */
    public void judged(String recommendationId, int step, long runId, long actualMs) {
        try {
            db.inTransaction(sql -> sql.update("INSERT INTO prediction_outcomes (recommendation_id, step, run_id, actual_ms)"
                    + " SELECT recommendation_id, ?, ?, ? FROM predictions WHERE recommendation_id = ?", step, runId, actualMs, recommendationId));
        } catch (StoreException e) {
            if (!e.isDuplicateKey()) {
                throw e;
            }
        }
    }

    /** Every judged step with a prediction, oldest recommendation first. */
    public List<Judged> judged() {
        return db.inTransaction(sql -> sql.query("SELECT p.*, o.step, o.run_id, o.actual_ms FROM predictions p"
                + " JOIN prediction_outcomes o ON o.recommendation_id = p.recommendation_id ORDER BY p.recommendation_id, o.step",
                rs -> new Judged(rs.getString("recommendation_id"), rs.getString("rule_id"), rs.getInt("step"), rs.getLong("run_id"),
                        prediction(rs).against(rs.getLong("actual_ms")))));
    }

    private static Prediction prediction(ResultSet rs) throws SQLException {
        return new Prediction(rs.getLong("baseline_ms"), rs.getLong("predicted_ms"), rs.getBoolean("upper_bound"));
    }
}
