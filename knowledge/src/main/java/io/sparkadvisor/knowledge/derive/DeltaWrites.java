package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.PlanNode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes to Delta tables, which carry none of Spark's file-write metrics on their plan node (delta-spark runs the
 * write in a nested execution): a CTAS/RTAS through Delta's catalog ({@code AtomicCreateTableAsSelect
 * ...DeltaCatalog@1755aee6, default.events_w, ...}), an append or overwrite of a {@code DeltaTableV2(<session>,
 * <location>, Some(CatalogTable(...)), Some(default.events_w), ...)} (saveAsTable, INSERT INTO), and a path write
 * ({@code Execute SaveIntoDataSourceCommand}, whose location only the physical plan's text gives:
 * {@code (2) SaveIntoDataSourceCommand\nArguments: ...DeltaDataSource@57cd77e1, [path=/data/events], Overwrite}). A CTAS's own
 * inner append ({@code StagedDeltaTableV2}) is part of the CTAS, not another write.
 */
final class DeltaWrites {
    private static final Pattern AS_SELECT = Pattern.compile("(?:Atomic)?(?:Create|Replace)TableAsSelect");
    private static final Pattern CTAS_TABLE = Pattern.compile("^\\S+\\s+\\S*DeltaCatalog@\\w+, ([^,\\s]+),");
    private static final Pattern V2_WRITE = Pattern.compile("^\\w+ExecV1 DeltaTableV2\\([^,]*,([^,]*),");
    private static final Pattern V2_TABLE = Pattern.compile("\\)\\),Some\\(([^()\\s]+)\\),");
    private static final Pattern SAVE_PATH = Pattern.compile("SaveIntoDataSourceCommand\\s+Arguments:\\s+\\S*DeltaDataSource@\\w+, \\[path=([^,\\]]+)");
    /** One to three dot-separated identifiers, each plain or back-quoted: nothing else is taken for a table name. */
    private static final Pattern IDENTIFIER = Pattern.compile("(?:\\w+|`[^`]+`)(?:\\.(?:\\w+|`[^`]+`)){0,2}");
    private static final String SAVE_NODE = "Execute SaveIntoDataSourceCommand";

    /** A Delta write: the command, its table ("" when the plan names none) and location ("" when it gives none). */
    record Target(String command, String table, String location) {}

    private DeltaWrites() {}

    /** The location of a Delta path write in an execution's physical plan text, "" when it has none. */
    static String savePath(String physicalPlanDescription) {
        Matcher m = SAVE_PATH.matcher(physicalPlanDescription);
        return m.find() ? m.group(1).trim() : "";
    }

    /** The Delta write this node is, given its execution's {@link #savePath}. */
    static Optional<Target> of(PlanNode n, String savePath) {
        String plan = n.simpleString();
        if (AS_SELECT.matcher(n.name()).matches()) {
            Matcher m = CTAS_TABLE.matcher(plan);
            return m.find() ? Optional.of(new Target(n.name(), identifier(m.group(1)), "")) : Optional.empty();
        }
        Matcher v2 = V2_WRITE.matcher(plan);
        if (v2.find()) {
            Matcher table = V2_TABLE.matcher(plan);
            return Optional.of(new Target(n.name(), table.find() ? identifier(table.group(1)) : "", v2.group(1).trim()));
        }
        if (n.name().equals(SAVE_NODE) && !savePath.isEmpty()) {
            return Optional.of(new Target("SaveIntoDataSourceCommand", "", savePath));
        }
        return Optional.empty();
    }

    private static String identifier(String name) {
        return IDENTIFIER.matcher(name).matches() ? name : "";
    }
}
