package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.FollowUp;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.advisor.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Steps stored before metrics were typed still read, judge and write back unchanged. The row is what the version before
 * wrote for skew's finding on the corpus skew run (its checks name metrics as strings: {@code stage[2].maxToMedian},
 * {@code appDurationMs}); a row naming a metric this version does not know is judged "not comparable", not an error.
 */
class StoredChecksUpgradeTest {
    private static final Instant AT = Instant.parse("2026-12-01T10:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void checksStoredAsMetricNamesStillReadAndJudge(TestDatabases.Kind kind) {
        String written = resource("skew-steps-before-typed-metrics.json");
        Recommendations recommendations = new Recommendations(stored(kind, "4701-skew@1", written));

        List<Step> steps = recommendations.find("4701-skew@1").orElseThrow().steps();
        assertEquals(List.of(Metric.MAX_TO_MEDIAN.ofStage(2), Metric.APP_DURATION_MS.ofRun()),
                steps.get(0).verify().stream().map(c -> c.metric()).toList());
        assertEquals(written, StepsJson.write(steps), "written back as the earlier version wrote it");

        Verdict v = FollowUp.evaluate(steps.get(0).verify(), RunHistory.baselineOnly(Corpus.facts("skew")),
                Corpus.facts("skew-aqe-skewjoin"), true);
        assertTrue(v.rows().stream().allMatch(r -> r.after().isPresent()), v.toString());
        assertTrue(v.passed(), "AQE split the hot partition and the run is shorter");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aStoredMetricThisVersionDoesNotKnowIsNotComparable(TestDatabases.Kind kind) {
        String renamed = resource("skew-steps-before-typed-metrics.json").replace("stage[2].maxToMedian", "stage[2].longestOverMedian");
        Recommendations recommendations = new Recommendations(stored(kind, "4701-skew@1", renamed));

        Step step = recommendations.find("4701-skew@1").orElseThrow().steps().get(0);
        Verdict v = FollowUp.evaluate(step.verify(), RunHistory.baselineOnly(Corpus.facts("skew")), Corpus.facts("skew-aqe-skewjoin"), true);
        Verdict.Row unknown = v.rows().get(0);
        assertFalse(unknown.passed());
        assertEquals("not comparable", unknown.afterText());
        assertTrue(unknown.stageNote().orElseThrow().startsWith("stage[2].longestOverMedian is not comparable: this version of the bot"
                + " does not measure it"), unknown.stageNote().toString());
        assertTrue(v.rows().get(1).passed(), "the other check is judged as before");
        assertFalse(v.passed());
        assertEquals(renamed, StepsJson.write(List.of(step, recommendations.find("4701-skew@1").orElseThrow().steps().get(1))),
                "kept as stored");
    }

    /** A recommendation row as the earlier version inserted it. */
    private static Database stored(TestDatabases.Kind kind, String id, String stepsJson) {
        Database db = TestDatabases.fresh(kind);
        db.inTransaction(sql -> sql.update("INSERT INTO recommendations (id, run_id, job_id, rule_id, cluster_target, steps_json,"
                + " settings_fingerprint, channel, thread_ts, message_ts, requester, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                id, 4701L, 47L, "skew", "job_cluster:main", stepsJson, "fp", "C1", "1.1", "1.2", "U1", AT));
        return db;
    }

    private static String resource(String name) {
        try (InputStream in = StoredChecksUpgradeTest.class.getResourceAsStream("/store/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
