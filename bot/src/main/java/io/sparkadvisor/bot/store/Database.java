package io.sparkadvisor.bot.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.BotSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Where approvals, changes and the audit trail live: PostgreSQL when {@code DATABASE_URL} is set
 * (what several replicas share), else an H2 file at {@code SPARK_ADVISOR_DB_PATH} (one process).
 * The credentials of a {@code postgres://user:password@host/db} URL travel as connection
 * properties, so the JDBC URL that drivers and Flyway may log carries no password. Connections
 * come from one HikariCP pool per database, opened on first use and closed by {@link #close}.
 */
public final class Database implements AutoCloseable {
    /** A connection not had within this is a failure (a stopped database): no ask or probe waits Hikari's 30 s. */
    private static final Duration CONNECTION_WAIT = Duration.ofSeconds(5);
    private static final int DEFAULT_POOL_SIZE = 10;

    private final String jdbcUrl;
    private final Properties credentials;
    private final int poolSize;
    private HikariDataSource pool;
    private boolean closed;

    Database(String jdbcUrl, Properties credentials) {
        this(jdbcUrl, credentials, DEFAULT_POOL_SIZE);
    }

    private Database(String jdbcUrl, Properties credentials, int poolSize) {
        this.jdbcUrl = jdbcUrl;
        this.credentials = credentials;
        this.poolSize = poolSize;
    }

    public static Database fromEnvironment(Map<String, String> env) {
        return BotSettings.DATABASE_URL.read(env).map(Database::postgres).orElseGet(() -> h2(BotSettings.DB_PATH.get(env)))
                .pooled(env);
    }

    /** This database with {@link BotSettings#DB_POOL_SIZE} connections at most. */
    private Database pooled(Map<String, String> env) {
        return new Database(jdbcUrl, credentials, BotSettings.DB_POOL_SIZE.get(env).intValue());
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
        Optional<String> url = BotSettings.DATABASE_URL.read(env);
        if (url.isPresent()) {
            return url.map(Database::postgres).map(db -> db.pooled(env));
        }
        Path file = BotSettings.DB_PATH.get(env);
        return Files.exists(Path.of(file + ".mv.db")) ? Optional.of(h2(file).pooled(env)) : Optional.empty();
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
        Flyway.configure().dataSource(dataSource()).locations("classpath:db/migration").load().migrate();
        return this;
    }

    public boolean isH2() {
        return jdbcUrl.startsWith("jdbc:h2:");
    }

    /**
     * The pool of connections to this database, for the stores, Flyway and the digest scheduler. It
     * keeps no connection idle beyond half a minute: tests and one-shot commands open many databases.
     */
    public synchronized DataSource dataSource() {
        if (closed) {
            throw new IllegalStateException("the database " + this + " was closed: the bot is stopping");
        }
        if (pool == null) {
            HikariConfig config = new HikariConfig();
            config.setPoolName("spark-advisor-db");
            config.setJdbcUrl(jdbcUrl);
            config.setUsername(credentials.getProperty("user"));
            config.setPassword(credentials.getProperty("password"));
            config.setMaximumPoolSize(poolSize);
            config.setMinimumIdle(0);
            config.setIdleTimeout(Duration.ofSeconds(30).toMillis());
            config.setConnectionTimeout(CONNECTION_WAIT.toMillis());
            config.setInitializationFailTimeout(-1); // a database down at start is reported by its first use, not here
            pool = new HikariDataSource(config);
        }
        return pool;
    }

    /**
     * Closes the pool's connections (a PostgreSQL server keeps each until its client goes) and its
     * housekeeping thread; {@code serve} does so last on shutdown, once the work under way is done.
     */
    @Override
    public synchronized void close() {
        closed = true;
        if (pool != null) {
            pool.close();
        }
    }

    /** Whether a connection can be had and answers: what {@code /readyz} asks of the database. */
    public void ping() throws SQLException {
        try (Connection c = dataSource().getConnection()) {
            if (!c.isValid((int) CONNECTION_WAIT.toSeconds())) {
                throw new SQLException("the connection does not answer");
            }
        }
    }

    /** Statements run in one transaction, committed when {@code work} returns, rolled back when it throws. */
    <T> T inTransaction(Work<T> work) {
        try (Connection c = dataSource().getConnection()) {
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
