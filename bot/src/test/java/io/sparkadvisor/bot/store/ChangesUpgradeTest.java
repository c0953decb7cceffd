package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import java.time.Instant;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Changes recorded with whole job settings before the upgrade keep only their touched keys after it, and can still be rolled back. */
class ChangesUpgradeTest {
    private static final String BEFORE = "{\"name\":\"lake-join\",\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":{"
            + "\"num_workers\":2,\"spark_conf\":{\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-AT-RUN-TIME-SECRET==\"},"
            + "\"spark_env_vars\":{\"DB_PASSWORD\":\"EnvVarPw-SECRET-42\"}}}]}";
    private static final String AFTER = BEFORE.replace("\"spark_conf\":{", "\"spark_conf\":{\"spark.sql.adaptive.skewJoin.enabled\":\"true\",");
    private static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void anAppliedStepRecordedWithWholeSettingsKeepsOnlyItsKeysAndFingerprints(TestDatabases.Kind kind) {
        Database db = TestDatabases.empty(kind);
        Flyway.configure().dataSource(db.dataSource()).locations("classpath:db/migration").target("17").load().migrate();
        String fingerprintAfter = SettingsSnapshot.recorded(47, AFTER).fingerprint();
        db.inTransaction(sql -> {
            sql.update("INSERT INTO recommendations (id, run_id, job_id, rule_id, cluster_target, steps_json, settings_fingerprint, channel,"
                    + " thread_ts, message_ts, requester, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "4701-skew@1", 4701L, 47L,
                    "skew", "job_cluster:main", "[]", "fp", "C1", "1.1", "1.2", "U1", AT);
            sql.update("INSERT INTO changes (recommendation_id, step, state, state_since, settings_before, settings_after, fingerprint_after)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?)", "4701-skew@1", 1, ChangeState.APPLIED.id(), AT, BEFORE, AFTER, fingerprintAfter);
            sql.update("INSERT INTO changes (recommendation_id, step, state, state_since) VALUES (?, ?, ?, ?)", "4701-skew@1", 2,
                    ChangeState.PROPOSED.id(), AT);
            return null;
        });

        db.migrate();

        ChangeRecord applied = new Changes(db).find("4701-skew@1", 1).orElseThrow();
        StepDelta step = StepDelta.fromJson(applied.stepKeys());
        assertEquals(List.of(List.of("spark_conf", "spark.sql.adaptive.skewJoin.enabled")), step.touched().stream().map(StepDelta.Touched::path).toList());
        assertEquals(SettingsSnapshot.recorded(47, BEFORE).fingerprint(), step.fingerprintBefore());
        assertEquals(fingerprintAfter, step.fingerprintAfter());
        assertEquals(SettingsSnapshot.recorded(47, BEFORE), SettingsSnapshot.of(47, step.undoneOn(SdkJson.object(AFTER, "after"))),
                "what a roll back puts back gives the settings before");
        assertEquals(null, new Changes(db).find("4701-skew@1", 2).orElseThrow().stepKeys());
        String rows = TestDatabases.allRows(db);
        List.of("AZKEY-AT-RUN-TIME-SECRET==", "EnvVarPw-SECRET-42", "lake-join").forEach(secret -> assertFalse(rows.contains(secret), secret));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void stepsJudgedBeforeTheUpgradeKeepWhetherTheyPassedSoARefusedRollBackReturnsThemThere(TestDatabases.Kind kind) {
        Database db = TestDatabases.empty(kind);
        Flyway.configure().dataSource(db.dataSource()).locations("classpath:db/migration").target("22").load().migrate();
        db.inTransaction(sql -> {
            sql.update("INSERT INTO recommendations (id, run_id, job_id, rule_id, cluster_target, steps_json, settings_fingerprint, channel,"
                    + " thread_ts, message_ts, requester, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "4701-skew@1", 4701L, 47L,
                    "skew", "job_cluster:main", "[]", "fp", "C1", "1.1", "1.2", "U1", AT);
            for (Object[] row : List.of(new Object[] {1, ChangeState.VERIFIED, 4790L}, new Object[] {2, ChangeState.CHECKS_FAILED, 4791L})) {
                sql.update("INSERT INTO changes (recommendation_id, step, state, state_since, followed_up_run_id) VALUES (?, ?, ?, ?, ?)",
                        "4701-skew@1", row[0], ((ChangeState) row[1]).id(), AT, row[2]);
            }
            return null;
        });

        db.migrate();

        Changes changes = new Changes(db);
        assertEquals(Transition.KEEP_VERIFIED, Transition.keep(changes.find("4701-skew@1", 1).orElseThrow()));
        assertEquals(Transition.KEEP_FAILED, Transition.keep(changes.find("4701-skew@1", 2).orElseThrow()));
    }
}
