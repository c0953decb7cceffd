package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.BadInputException;
import java.sql.ResultSetMetaData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

public class HotValuesTest {
    private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
    private static final String SSN = "SSN-078-05-1120";

    private static HotValues store(Database db) {
        return new HotValues(db, KeyedHash.fromEnvironment(Map.of(), db));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void eightClicksAtOnceStartOneRunAndAFailedRunMayBeStartedAgain(TestDatabases.Kind kind) {
        HotValues store = store(TestDatabases.fresh(kind));
        store.offered("4501-skew@1.2", 4501, 45L, "C0DATA", "1.2", "U0ANA", "{\"partitionKeys\":[\"market_id\"]}");
        store.offered("4501-skew@1.2", 4501, 45L, "C0DATA", "1.2", "U0ANA", "{}"); // offered again: kept as first offered

        long started = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(() -> store.start("4501-skew@1.2", "U" + i,
                NOW, NOW.minusSeconds(360)))).toList().stream().filter(CompletableFuture::join).count();

        assertEquals(1, started);
        assertEquals("running", store.find("4501-skew@1.2").orElseThrow().state());
        assertEquals("{\"partitionKeys\":[\"market_id\"]}", store.find("4501-skew@1.2").orElseThrow().evidenceJson());
        store.failed("4501-skew@1.2");
        assertTrue(store.start("4501-skew@1.2", "U0BOB", NOW, NOW.minusSeconds(360)));
        store.found("4501-skew@1.2", "7", "INT", 0.85);
        HotValues.Lookup found = store.find("4501-skew@1.2").orElseThrow();
        assertTrue(found.found());
        assertTrue(store.isFoundValue(found, "7"));
        assertFalse(store.isFoundValue(found, "8"));
        assertFalse(store.isFoundValue(found, null));
        assertEquals(0.85, found.share());
        assertFalse(store.start("4501-skew@1.2", "U0ANA", NOW, NOW.minusSeconds(360)), "a found value is not looked up again");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aRunLeftByAStoppedBotIsTakenOverOnceStale(TestDatabases.Kind kind) {
        HotValues store = store(TestDatabases.fresh(kind));
        store.offered("4502-skew@1.3", 4502, null, "C0DATA", "1.3", "U0ANA", "{}");
        assertTrue(store.start("4502-skew@1.3", "U0ANA", NOW, NOW.minusSeconds(360)));

        assertFalse(store.start("4502-skew@1.3", "U0BOB", NOW.plusSeconds(60), NOW.minusSeconds(300)), "still within its budget");
        assertTrue(store.start("4502-skew@1.3", "U0BOB", NOW.plusSeconds(400), NOW.plusSeconds(40)), "past its budget and a minute");
        assertEquals(null, store.find("4502-skew@1.3").orElseThrow().jobId());
    }

    /** Audit item 6: the value found is a value of someone's table; no column of any row holds it. */
    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void theValueFoundIsKeptAsAKeyedHashOnlyWhichAnotherReplicaRecognises(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        store(db).offered("4503-skew@1.4", 4503, 45L, "C0DATA", "1.4", "U0ANA", "{\"partitionKeys\":[\"ssn\"]}");
        store(db).found("4503-skew@1.4", SSN, "STRING", 0.33);

        String rows = String.join("\n", everyRow(db));
        assertFalse(rows.contains(SSN), rows);
        assertFalse(rows.contains("078-05-1120"), rows);
        HotValues.Lookup found = store(db).find("4503-skew@1.4").orElseThrow();
        assertEquals(64, found.valueHash().length(), "hex of HMAC-SHA256");
        assertTrue(store(db).isFoundValue(found, SSN), "another replica on the same database shares its generated key");
        HotValues otherKey = new HotValues(db, KeyedHash.fromEnvironment(Map.of(KeyedHash.SETTING, "k".repeat(40)), db));
        assertFalse(otherKey.isFoundValue(found, SSN), "without the key the hash says nothing");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void theUpgradeDropsValuesKeptInClearAndTheQueryTextOfTheEvidence(TestDatabases.Kind kind) {
        Database db = TestDatabases.migratedTo(kind, "17");
        db.inTransaction(sql -> sql.update("INSERT INTO hot_values (id, run_id, channel, thread_ts, requester, evidence_json, state,"
                + " hot_value, value_type, share) VALUES ('4504-skew@1.5', 4504, 'C0DATA', '1.5', 'U0ANA', ?, 'found', ?, 'STRING', 0.33)",
                "{\"partitionKeys\":[\"ssn\"],\"hotValueQuery\":\"SELECT ssn, \\\"x\\\" FROM hr.payroll.salaries\",\"sourceTable\":"
                        + "\"hr.payroll.salaries\"}", SSN));

        db.migrate();

        HotValues.Lookup old = store(db).find("4504-skew@1.5").orElseThrow();
        assertEquals("{\"partitionKeys\":[\"ssn\"],\"sourceTable\":\"hr.payroll.salaries\"}", old.evidenceJson());
        assertEquals(null, old.valueHash());
        assertEquals(0.33, old.share());
        assertFalse(String.join("\n", everyRow(db)).contains(SSN));
    }

    @org.junit.jupiter.api.Test
    void aShortKeySettingIsRefusedWithTheFix() {
        var e = assertThrows(BadInputException.class, () -> KeyedHash.fromEnvironment(Map.of(KeyedHash.SETTING, "short"),
                TestDatabases.fresh(TestDatabases.Kind.H2)));
        assertTrue(e.getMessage().startsWith("SPARK_ADVISOR_HASH_KEY is too short (5 characters): use at least 32"), e.getMessage());
        assertNotEquals(new KeyedHash("a".repeat(32).getBytes()).of("7"), new KeyedHash("b".repeat(32).getBytes()).of("7"));
        assertNotEquals(new KeyedHash("a".repeat(32).getBytes()).of(null), new KeyedHash("a".repeat(32).getBytes()).of("NULL"));
    }

    /** Every row of every table of the bot's schema, each as its columns' text. */
    public static List<String> everyRow(Database db) {
        return db.inTransaction(sql -> {
            List<String> tables = sql.query("SELECT table_name FROM information_schema.tables WHERE table_schema IN ('PUBLIC', 'public')"
                    + " AND table_type IN ('BASE TABLE', 'TABLE')", rs -> rs.getString(1));
            List<String> rows = new ArrayList<>();
            for (String table : tables) {
                rows.addAll(sql.query("SELECT * FROM \"" + table + "\"", rs -> {
                    ResultSetMetaData md = rs.getMetaData();
                    StringBuilder row = new StringBuilder(table).append(':');
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        row.append(' ').append(rs.getString(i));
                    }
                    return row.toString();
                }));
            }
            if (tables.size() < 10) {
                throw new IllegalStateException("the dump found only " + tables);
            }
            return rows;
        });
    }
}
