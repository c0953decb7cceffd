package io.sparkadvisor.bot.ask;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.knowledge.facts.WriteFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a classic run's event log cannot show, read from the system tables on the advisor's SQL warehouse and added to
 * its facts: the cluster's machines over the application's window ({@code system.compute.node_timeline}) and whether
 * Databricks maintains the Unity Catalog tables its plans scan or write (predictive optimization); for a serverless run, the
 * tables its statements read. Without a warehouse the facts stay the log's.
 */
final class SystemTableFacts {
    /** Spark's session catalog and the legacy metastore: their tables are not Unity Catalog's, and predictive optimization never runs on them. */
    private static final Set<String> NOT_UNITY_CATALOG = Set.of("spark_catalog", "hive_metastore");

    private SystemTableFacts() {}

    static RunFacts added(Workspace workspace, RunFacts facts, String clusterId) {
        RunFacts out = workspace.nodeTimeline(clusterId, facts.application().startMs(), facts.application().endMs())
                .map(facts::withNodeTimeline).orElse(facts);
        List<TableMaintenance> tables = unityCatalogNames(facts).stream().map(name -> maintenance(workspace, name))
                .flatMap(Optional::stream).toList();
        return tables.isEmpty() ? out : out.withTableMaintenance(tables);
    }

    /**
     * A serverless run with the maintenance of the Unity Catalog tables its statements read (names parsed from their
     * text); without a warehouse, or when none is a three-part name, the run as it was.
     */
    static ServerlessRun added(Workspace workspace, ServerlessRun run) {
        List<TableMaintenance> tables = unityCatalog(run.tablesRead().stream()).stream().map(name -> maintenance(workspace, name))
                .flatMap(Optional::stream).toList();
        return tables.isEmpty() ? run : run.withTableMaintenance(tables);
    }

    /**
     * The three-part names the plans' scans read and their writes write, outside Spark's own catalogs; the name goes to
     * tables/get, never into SQL.
     */
    static List<String> unityCatalogNames(RunFacts facts) {
        return unityCatalog(facts.sqlExecutions().stream().flatMap(sql -> Stream.concat(
                sql.scans().stream().map(ScanFacts::table), sql.writes().stream().map(WriteFacts::table))));
    }

    private static List<String> unityCatalog(Stream<String> names) {
        return names.map(t -> t.replace("`", "")).filter(t -> t.split("\\.", -1).length == 3)
                .filter(t -> !NOT_UNITY_CATALOG.contains(t.substring(0, t.indexOf('.')).toLowerCase(Locale.ROOT))).distinct().toList();
    }

    private static Optional<TableMaintenance> maintenance(Workspace workspace, String table) {
        try {
            return workspace.tableMaintenance(table);
        } catch (WorkspaceException unreadable) {
            return Optional.empty(); // a table the advisor may not describe: its layout advice stays the log's
        }
    }
}
