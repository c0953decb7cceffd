package io.sparkadvisor.bot.store;

import java.sql.SQLException;

/** The database failed; the message names the SQL state, never the connection URL. */
public class StoreException extends RuntimeException {
    StoreException(SQLException cause) {
        super("database error " + cause.getSQLState() + ": " + cause.getMessage(), cause);
    }

    /** A primary key already taken (the SQL state H2 and PostgreSQL both give): another replica, or an earlier call, got there first. */
    boolean isDuplicateKey() {
        return getCause() instanceof SQLException cause && "23505".equals(cause.getSQLState());
    }
}
