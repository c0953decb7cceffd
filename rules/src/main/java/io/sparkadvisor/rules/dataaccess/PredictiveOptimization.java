package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.rules.advisor.RunView;
import java.time.Instant;
import java.util.List;

/**
 * Whether Databricks' predictive optimization runs OPTIMIZE on a table a rule would tell people to compact or lay out
 * (from {@code RunFacts.tableMaintenance}, matched by the plan's table name or a location): the one decision every rule
 * that proposes OPTIMIZE makes before it does. On such a table the advice has no OPTIMIZE step and says when it last ran.
 *
 * @param maintained a Unity Catalog managed table whose effective predictive optimization flag is ENABLE
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (epoch ms), 0 when none or not read
 */
public record PredictiveOptimization(boolean maintained, long lastOptimizeMs) {
    public static final PredictiveOptimization NONE = new PredictiveOptimization(false, 0);

    /** What the run's table maintenance says of the table named {@code table} (may be "") or read at {@code locations}. */
    public static PredictiveOptimization of(RunView run, String table, List<String> locations) {
        return TableMaintenance.of(run.facts().tableMaintenance(), table, locations)
                .filter(TableMaintenance::optimizedByDatabricks)
                .map(m -> new PredictiveOptimization(true, m.lastOptimizeMs().orElse(0L)))
                .orElse(NONE);
    }

    /** The messages' {@code lastOptimize}: the instant of {@code lastOptimizeMs}, "" when there is none. */
    public static String lastOptimize(long lastOptimizeMs) {
        return lastOptimizeMs > 0 ? Instant.ofEpochMilli(lastOptimizeMs).toString() : "";
    }
}
