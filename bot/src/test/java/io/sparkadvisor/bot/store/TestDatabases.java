package io.sparkadvisor.bot.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fresh, migrated databases of both kinds the bot supports: an H2 file in a temporary folder, and
 * a database of its own on one real PostgreSQL server started once per test JVM.
 */
public final class TestDatabases {
    public enum Kind { H2, POSTGRESQL }

    private static final String H2_PATH = "SPARK_ADVISOR_DB_PATH";
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static EmbeddedPostgres postgres;

    private TestDatabases() {}

    public static Database fresh(Kind kind) {
        return Database.fromEnvironment(freshEnvironment(kind));
    }

    /** A fresh, migrated database, as the environment that points a bot at it: what a restarted bot connects to again. */
    public static Map<String, String> freshEnvironment(Kind kind) {
        Map<String, String> env = emptyEnvironment(kind);
        Database.fromEnvironment(env).migrate();
        return env;
    }

    /** A new database without any schema: for a test that migrates it step by step, as an upgrade would. */
    public static Database empty(Kind kind) {
        return Database.fromEnvironment(emptyEnvironment(kind));
    }

    /** A new database migrated up to {@code version} only: the schema an upgrade starts from. */
    public static Database migratedTo(Kind kind, String version) {
        Database db = empty(kind);
        Flyway.configure().dataSource(db.dataSource()).locations("classpath:db/migration").target(version).load().migrate();
        return db;
    }

    private static Map<String, String> emptyEnvironment(Kind kind) {
        return kind == Kind.H2 ? Map.of(H2_PATH, h2().toString()) : Map.of("DATABASE_URL", postgres());
    }

    /**
     * Closes the H2 engine behind {@code env}, as the bot's process exiting would, so the next
     * connection reopens the file; a PostgreSQL server outlives any bot anyway.
     */
    public static void stop(Map<String, String> env) {
        if (env.containsKey(H2_PATH)) {
            try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + env.get(H2_PATH))) {
                c.createStatement().execute("SHUTDOWN");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Every row of every table of {@code db}, as tab-separated text: what a test greps for what must not be stored. */
    public static String allRows(Database db) {
        StringBuilder all = new StringBuilder();
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet t = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
                while (t.next()) {
                    String schema = t.getString("TABLE_SCHEM");
                    if (!schema.equalsIgnoreCase("INFORMATION_SCHEMA") && !schema.equalsIgnoreCase("pg_catalog")) {
                        tables.add("\"" + schema + "\".\"" + t.getString("TABLE_NAME") + "\"");
                    }
                }
            }
            for (String table : tables) {
                try (ResultSet r = s.executeQuery("SELECT * FROM " + table)) {
                    int columns = r.getMetaData().getColumnCount();
                    while (r.next()) {
                        all.append(table);
                        for (int i = 1; i <= columns; i++) {
                            all.append('\t').append(r.getString(i));
                        }
                        all.append('\n');
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return all.toString();
    }

    private static Path h2() {
        try {
            return Files.createTempDirectory("advisor-db").resolve("advisor").toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized String postgres() {
        try {
            if (postgres == null) {
                postgres = EmbeddedPostgres.builder().start();
            }
            String name = "advisor_" + NEXT.incrementAndGet();
            try (Connection c = postgres.getPostgresDatabase().getConnection()) {
                c.createStatement().execute("CREATE DATABASE " + name);
            }
            return "postgres://postgres:unused@localhost:" + postgres.getPort() + "/" + name;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
