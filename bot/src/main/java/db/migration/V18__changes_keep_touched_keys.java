package db.migration;

import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * A change keeps the keys its step touched (with their values before and after) and the
 * fingerprints of the settings around it ({@link StepDelta}), no longer the whole job settings
 * before and after, which hold storage keys, passwords and notebook parameters. Existing rows are
 * converted by diffing their two recorded settings, so a step applied before the upgrade can still
 * be rolled back; then the settings columns go. A Java migration, because the diff is the code's own
 * ({@link StepDelta#between}), not something SQL can express on both H2 and PostgreSQL.
 */
public class V18__changes_keep_touched_keys extends BaseJavaMigration {
    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        try (Statement s = c.createStatement()) {
            s.execute("ALTER TABLE changes ADD COLUMN step_keys VARCHAR");
        }
        Map<List<Object>, String> converted = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT recommendation_id, step, settings_before, settings_after"
                + " FROM changes WHERE settings_before IS NOT NULL AND settings_after IS NOT NULL")) {
            while (rows.next()) {
                converted.put(List.of(rows.getString(1), rows.getInt(2)), StepDelta.between(SettingsSnapshot.recorded(0, rows.getString(3)),
                        SettingsSnapshot.recorded(0, rows.getString(4))).toJson());
            }
        }
        try (PreparedStatement update = c.prepareStatement("UPDATE changes SET step_keys = ? WHERE recommendation_id = ? AND step = ?")) {
            for (Map.Entry<List<Object>, String> row : converted.entrySet()) {
                update.setString(1, row.getValue());
                update.setString(2, (String) row.getKey().get(0));
                update.setInt(3, (Integer) row.getKey().get(1));
                update.executeUpdate();
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("ALTER TABLE changes DROP COLUMN settings_before");
            s.execute("ALTER TABLE changes DROP COLUMN settings_after");
        }
    }
}
