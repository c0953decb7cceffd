package io.sparkadvisor.bot.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fresh, migrated databases of both kinds the bot supports: an H2 file in a temporary folder, and
 * a database of its own on one real PostgreSQL server started once per test JVM.
 */
public final class TestDatabases {
    public enum Kind { H2, POSTGRESQL }

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static EmbeddedPostgres postgres;

    private TestDatabases() {}


    public static Database fresh(Kind kind) {
        return (kind == Kind.H2 ? h2() : postgres()).migrate();
    }

    private static Database h2() {
        try {
            return Database.h2(Files.createTempDirectory("advisor-db").resolve("advisor"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized Database postgres() {
        try {
            if (postgres == null) {
                postgres = EmbeddedPostgres.builder().start();
            }
            String name = "advisor_" + NEXT.incrementAndGet();
            try (Connection c = postgres.getPostgresDatabase().getConnection()) {
                c.createStatement().execute("CREATE DATABASE " + name);
            }
            return Database.postgres("postgres://postgres:unused@localhost:" + postgres.getPort() + "/" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
