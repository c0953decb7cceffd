package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ClusterLogConf;
import com.databricks.sdk.service.compute.State;
import io.sparkadvisor.databricks.WorkspaceSource;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Finds a cluster's Spark event log under its log delivery destination:
 * {@code <dest>/<cluster-id>/eventlog/<cluster-id>_<driver-ip>/<spark-context-id>/eventlog}, plus
 * rolled {@code eventlog-YYYY-MM-DD--HH-MM.gz} siblings (oldest first, the live {@code eventlog} last).
 */
final class EventLogLocator {
    static final String SNIPPET = "{\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}}}";

    private final WorkspaceSource source;

    EventLogLocator(WorkspaceSource source) {
        this.source = source;
    }

    EventLog locate(TaskCluster cluster, Optional<ClusterDetails> details) {
        Optional<ClusterLogConf> conf = details.map(ClusterDetails::getClusterLogConf)
                .or(() -> Optional.ofNullable(cluster.declaredSpec()).map(s -> s.getClusterLogConf()));
        Optional<String> destination = conf.map(EventLogLocator::destination);
        String missing;
        if (destination.filter(EventLogLocator::isMount).isPresent()) {
            missing = mountNotReadable(cluster, destination.get());
        } else if (destination.isPresent()) {
            String folder = destination.get() + "/" + cluster.clusterId() + "/eventlog";
            List<StoredFile> files = applicationFiles(folder, cluster, details);
            if (!files.isEmpty()) {
                return new EventLog.Delivered(folder, files.stream().map(source::logPart).toList());
            }
            missing = "Cluster " + cluster.clusterId() + " delivers logs to " + destination.get()
                    + " but no Spark event log was found under " + folder + ". Logs are delivered every five"
                    + " minutes and when the cluster terminates; if the run ended just now, try again shortly.";
        } else if (conf.map(ClusterLogConf::getS3).isPresent()) {
            missing = notReadable(cluster, conf.get());
        } else {
            missing = noLogDelivery(cluster);
        }
        boolean running = details.map(ClusterDetails::getState).filter(s -> s == State.RUNNING).isPresent();
        return running ? new EventLog.Live(new SparkRestClient(source, cluster.clusterId()), missing)
                : new EventLog.Unavailable(missing);
    }

    /** DBFS (but not its mounts, see {@link #isMount}) and volume destinations are readable through the workspace; S3 is not. */
    private static String destination(ClusterLogConf conf) {
        String dest = null;
        if (conf.getDbfs() != null) {
            dest = conf.getDbfs().getDestination();
        } else if (conf.getVolumes() != null) {
            dest = conf.getVolumes().getDestination().replaceFirst("^dbfs:(?=/Volumes/)", "");
        }
        return dest == null ? null : dest.replaceAll("/+$", "");
    }

    /**
     * A DBFS mount ({@code dbfs:/mnt/...}) is cloud storage seen through the cluster's own
     * credentials; the DBFS REST API cannot read it and answers 403 (databricks-sdk-py #358, #593),
     * which would read as a missing grant. Only the DBFS root and Unity Catalog volumes are readable.
     */
    private static boolean isMount(String destination) {
        return destination.matches("(?i)(dbfs:)?/+mnt(/.*)?");
    }

    /**
     * The expected driver's and application's folder is listed first: when it holds the log, the
     * walk down from {@code folder} would pick those same folders ({@link #pick} prefers the expected
     * name), and one round trip replaces three.
     */
    private List<StoredFile> applicationFiles(String folder, TaskCluster cluster, Optional<ClusterDetails> details) {
        Optional<String> driverDir = details.map(ClusterDetails::getDriver).map(d -> d.getPrivateIp())
                .map(ip -> cluster.clusterId() + "_" + ip.replace('.', '_'));
        Optional<String> context = Optional.ofNullable(cluster.sparkContextId());
        if (driverDir.isPresent() && context.isPresent()) {
            List<StoredFile> expected = logs(folder + "/" + driverDir.get() + "/" + context.get());
            if (!expected.isEmpty()) {
                return expected;
            }
        }
        for (StoredFile driver : pick(source.listFiles(folder), driverDir)) {
            for (StoredFile application : pick(source.listFiles(driver.path()), context)) {
                List<StoredFile> logs = logs(application.path());
                if (!logs.isEmpty()) {
                    return logs;
                }
            }
        }
        return List.of();
    }

    /** The event log files in an application's folder: rolled ones oldest first, the live {@code eventlog} last. */
    private List<StoredFile> logs(String applicationFolder) {
        return source.listFiles(applicationFolder).stream()
                .filter(f -> !f.directory() && f.name().startsWith("eventlog"))
                .sorted(Comparator.comparing((StoredFile f) -> f.name().equals("eventlog")).thenComparing(StoredFile::name))
                .toList();
    }

    /**
     * The folder with the expected name; failing that, the only folder there is. Several folders
     * and none expected are different drivers or Spark applications (a shared cluster, a driver
     * restart), and reading the wrong one would describe another run.
     */
    private static List<StoredFile> pick(List<StoredFile> entries, Optional<String> expectedName) {
        List<StoredFile> dirs = entries.stream().filter(StoredFile::directory).toList();
        List<StoredFile> exact = dirs.stream().filter(d -> expectedName.filter(d.name()::equals).isPresent()).toList();
        if (!exact.isEmpty() || dirs.size() == 1) {
            return exact.isEmpty() ? dirs : exact;
        }
        return expectedName.isEmpty() ? dirs : List.of();
    }

    private static String noLogDelivery(TaskCluster cluster) {
        return "Cluster " + cluster.clusterId() + " (tasks " + String.join(", ", cluster.taskKeys()) + ") has no log"
                + " delivery, so its Spark event log is not kept where the advisor can read it. Set cluster_log_conf"
                + " on that cluster (in the job's cluster definition, or Advanced options > Logging in the UI), e.g. "
                + SNIPPET + " ; the next run will then be readable.";
    }

    private static String mountNotReadable(TaskCluster cluster, String destination) {
        return "Cluster " + cluster.clusterId() + " delivers its logs to " + destination + ", a DBFS mount, and mounts"
                + " cannot be read through the Databricks API (it refuses every path under dbfs:/mnt), so granting"
                + " permissions will not help. Deliver the cluster logs to a Unity Catalog volume, e.g."
                + " {\"cluster_log_conf\":{\"volumes\":{\"destination\":\"/Volumes/<catalog>/<schema>/<volume>/cluster-logs\"}}},"
                + " or to a DBFS root path, e.g. " + SNIPPET + " ; the next run will then be readable.";
    }

    private static String notReadable(TaskCluster cluster, ClusterLogConf conf) {
        return "Cluster " + cluster.clusterId() + " delivers its logs to S3 (" + conf.getS3().getDestination()
                + "), which the advisor cannot read through the workspace API. Deliver to DBFS or a Unity Catalog"
                + " volume instead, e.g. " + SNIPPET + " or {\"cluster_log_conf\":{\"volumes\":{\"destination\":"
                + "\"/Volumes/<catalog>/<schema>/<volume>/cluster-logs\"}}}.";
    }
}
