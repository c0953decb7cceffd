package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The H2 file holds approvals, the audit trail and hot values: only the bot's user may read it. */
class DatabaseFileModesTest {
    @TempDir
    Path dir;

    @Test
    void theH2FileIs0600InAFolderOf0700AndWorks() throws Exception {
        Path file = dir.resolve("state/advisor");
        Database db = Database.fromEnvironment(Map.of("SPARK_ADVISOR_DB_PATH", file.toString())).migrate();
        try (Connection c = db.dataSource().getConnection(); ResultSet r = c.createStatement().executeQuery("SELECT COUNT(*) FROM changes")) {
            r.next();
            assertEquals(0, r.getInt(1), "a new database, migrated");
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("state/advisor.mv.db"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("state"))));
    }
}
