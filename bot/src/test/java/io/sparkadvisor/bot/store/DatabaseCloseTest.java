package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

class DatabaseCloseTest {
    @Test
    void closingTheDatabaseClosesItsPoolAndALaterUseSaysItWasClosed() throws Exception {
        Database db = Database.inMemory();
        HikariDataSource pool = (HikariDataSource) db.dataSource();
        db.ping();
        assertFalse(pool.isClosed());

        db.close();
        assertTrue(pool.isClosed(), "the pool's connections and housekeeping thread are gone");
        IllegalStateException later = assertThrows(IllegalStateException.class, db::ping);
        assertTrue(later.getMessage().contains("was closed"), later.getMessage());
        db.close(); // twice is harmless: try-with-resources and a shutdown hook may both close it
    }
}
