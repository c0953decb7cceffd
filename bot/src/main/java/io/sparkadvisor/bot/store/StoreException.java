package io.sparkadvisor.bot.store;

import java.sql.SQLException;

/** The database failed; the message names the SQL state, never the connection URL. */
public class StoreException extends RuntimeException {
    StoreException(SQLException cause) {
        super("database error " + cause.getSQLState() + ": " + cause.getMessage(), cause);
    }
}
