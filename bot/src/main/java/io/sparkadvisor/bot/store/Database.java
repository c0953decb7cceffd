package io.sparkadvisor.bot.store;

import io.sparkadvisor.bot.config.BadInputException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Where approvals, changes and the audit trail live: PostgreSQL when {@code DATABASE_URL} is set
 * (what several replicas share), else an H2 file at {@code SPARK_ADVISOR_DB_PATH} (one process).
 * The credentials of a {@code postgres://user:password@host/db} URL travel as connection
 * properties, so the JDBC URL that drivers and Flyway may log carries no password.
 */
public final class Database {
    private static final String DEFAULT_FILE = ".spark-advisor/advisor";

    private final String jdbcUrl;
    private final Properties credentials;

    Database(String jdbcUrl, Properties credentials) {
        this.jdbcUrl = jdbcUrl;
        this.credentials = credentials;
    }

    public static Database fromEnvironment(Map<String, String> env) {
        String url = env.get("DATABASE_URL");
        if (url != null && !url.isBlank()) {
            return postgres(url.trim());
        }
        String path = env.getOrDefault("SPARK_ADVISOR_DB_PATH", "");
        return h2(path.isBlank() ? Path.of(System.getProperty("user.home"), DEFAULT_FILE) : Path.of(path.trim()));
    }

    /**
     * An H2 file database; H2 adds ".mv.db". It stays open while the process runs, not per
     * connection. {@code WRITE_DELAY=0}: H2 otherwise writes commits to the file up to 500 ms late,
     * and a bot killed in that window forgets that it sent a jobs/update.
     */
    public static Database h2(Path file) {
        createPrivately(Path.of(file.toAbsolutePath() + ".mv.db"));
        return new Database("jdbc:h2:file:" + file.toAbsolutePath() + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0", new Properties());
    }

    /**
     * Creates the H2 file empty (H2 takes an empty file as a new database) with mode 0600, and its
     * missing folders 0700, before H2 opens it: H2 would create it with the process's umask, readable
     * by everyone on the host. A file that exists is left as it is; a file system without POSIX modes
     * (Windows) keeps its own ACLs.
     */
    private static void createPrivately(Path dbFile) {
        if (Files.exists(dbFile) || !FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        try {
            Files.createDirectories(dbFile.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.createFile(dbFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException createdMeanwhile) {
            // another process opened the database first
        } catch (IOException e) {
            throw new BadInputException("cannot create the database file " + dbFile + " (" + e.getMessage()
                    + "): set SPARK_ADVISOR_DB_PATH to a folder the bot may write, or DATABASE_URL");
        }
    }

    /** A private, empty database in memory: what a dry run uses when the bot has no database on this machine. */
    public static Database inMemory() {
        return new Database("jdbc:h2:mem:advisor-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", new Properties());
    }

    /** The bot's database when {@code DATABASE_URL} is set or its H2 file exists; empty otherwise. */
    public static Optional<Database> existing(Map<String, String> env) {
        String url = env.get("DATABASE_URL");
        if (url != null && !url.isBlank()) {
            return Optional.of(postgres(url.trim()));
        }
        String path = env.getOrDefault("SPARK_ADVISOR_DB_PATH", "");
        Path file = path.isBlank() ? Path.of(System.getProperty("user.home"), DEFAULT_FILE) : Path.of(path.trim());
        return Files.exists(Path.of(file + ".mv.db")) ? Optional.of(h2(file)) : Optional.empty();
    }

    /** {@code jdbc:postgresql://host/db?user=..&password=..} or the usual {@code postgres://user:password@host:port/db}. */
    public static Database postgres(String url) {
        Properties credentials = new Properties();
        if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
            URI uri = URI.create(url);
            if (uri.getHost() == null) {
                throw new BadInputException("DATABASE_URL is malformed: it names no host");
            }
            if (uri.getRawUserInfo() != null) {
                String[] userInfo = uri.getUserInfo().split(":", 2);
                credentials.setProperty("user", userInfo[0]);
                if (userInfo.length > 1) {
                    credentials.setProperty("password", userInfo[1]);
                }
            }
            return new Database("jdbc:postgresql://" + uri.getHost() + (uri.getPort() > 0 ? ":" + uri.getPort() : "")
                    + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()), credentials);
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new BadInputException("DATABASE_URL is malformed: give a jdbc:postgresql: or postgres:// URL");
        }
        return new Database(url, credentials);
    }

    /** Brings the schema to the newest migration; replicas starting together are serialised by Flyway's lock. */
    public Database migrate() {
        Flyway.configure().dataSource(jdbcUrl, credentials.getProperty("user"), credentials.getProperty("password"))
                .locations("classpath:db/migration").load().migrate();
        return this;
    }

    public boolean isH2() {
        return jdbcUrl.startsWith("jdbc:h2:");
    }

    /** A data source on the same database, for the digest scheduler. */
    public DataSource dataSource() {
        if (isH2()) {
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL(jdbcUrl);
            return h2;
        }
        PGSimpleDataSource postgres = new PGSimpleDataSource();
        postgres.setURL(jdbcUrl);
        postgres.setUser(credentials.getProperty("user"));
        postgres.setPassword(credentials.getProperty("password"));
        return postgres;
    }

    /** Statements run in one transaction, committed when {@code work} returns, rolled back when it throws. */
    <T> T inTransaction(Work<T> work) {
        try (Connection c = DriverManager.getConnection(jdbcUrl, credentials)) {
            c.setAutoCommit(false);
            try {
                T result = work.run(new Statements(c));
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException(e);
        }
    }

    interface Work<T> {
        T run(Statements sql) throws SQLException;
    }

    @Override
    public String toString() {
        return isH2() ? "H2 " + jdbcUrl.replaceFirst("jdbc:h2:(file:)?", "").replaceAll(";.*", "")
                : "PostgreSQL";
    }
}
