package io.sparkadvisor.bot.store;

import io.sparkadvisor.rules.advisor.Savings;
import java.time.Instant;
import java.util.List;

/** The findings of every analysis the bot answered, kept for the weekly digest's waste section. */
public final class AnalysedFindings {
    private final Database db;

    public AnalysedFindings(Database db) {
        this.db = db;
    }

    /** Records the findings; a run analysed again keeps one row per finding, dated by the newest analysis. */
    public void record(List<AnalysedFinding> findings) {
        db.inTransaction(sql -> {
            for (AnalysedFinding f : findings) {
                Savings s = f.savings();
                if (sql.update("UPDATE analysed_findings SET analysed_at = ?, title = ?, runtime_ms = ?, core_hours = ?, node_hours = ?,"
                        + " dollars = ?, upper_bound = ? WHERE recommendation_id = ?", f.analysedAt(), f.title(), s.runtimeMs(), s.coreHours(),
                        s.nodeHours(), s.dollars(), s.upperBound(), f.recommendationId()) == 0) {
                    sql.update("INSERT INTO analysed_findings (recommendation_id, run_id, job_id, subject, rule_id, title, runtime_ms,"
                            + " core_hours, node_hours, dollars, upper_bound, analysed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            f.recommendationId(), f.runId(), f.jobId(), f.subject(), f.rule(), f.title(), s.runtimeMs(), s.coreHours(),
                            s.nodeHours(), s.dollars(), s.upperBound(), f.analysedAt());
                }
            }
            return null;
        });
    }

    /** Findings of runs analysed in {@code [from, to)}, the largest saving in core-hours first (then run time, node-hours, dollars). */
    public List<AnalysedFinding> largest(Instant from, Instant to, int limit) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM analysed_findings WHERE analysed_at >= ? AND analysed_at < ?"
                + " ORDER BY core_hours DESC, runtime_ms DESC, node_hours DESC, dollars DESC, recommendation_id LIMIT ?",
                rs -> new AnalysedFinding(rs.getString("recommendation_id"), rs.getLong("run_id"), rs.getObject("job_id", Long.class),
                        rs.getString("subject"), rs.getString("rule_id"), rs.getString("title"), new Savings(rs.getLong("runtime_ms"),
                        rs.getDouble("core_hours"), rs.getDouble("node_hours"), rs.getDouble("dollars"), rs.getBoolean("upper_bound"), List.of()),
                        Statements.instant(rs, "analysed_at")), from, to, limit));
    }
}
