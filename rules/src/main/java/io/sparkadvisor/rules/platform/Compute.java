package io.sparkadvisor.rules.platform;

import io.sparkadvisor.knowledge.cluster.Cloud;
import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the compute a run used lets a rule change about memory and shape. On Databricks classic compute
 * one executor holds a whole worker and its heap follows the node type, so more memory per task is
 * {@code spark.task.cpus} (fewer tasks share the heap) or a node type from the workspace's catalogue;
 * elsewhere it is the executor settings. Serverless takes neither: it is the code's or the platform's.
 *
 * @param databricks the run was on Databricks (classic or serverless)
 * @param serverless known to be serverless
 * @param worker the worker node type, when the catalogue names it
 * @param catalogue the node types the workspace offers, empty when not given
 * @param taskCpus the run's spark.task.cpus
 * @param usesLocalDisk the run wrote shuffle files or spill to the workers' local disk, or read through Databricks' disk
 *     cache: a node type proposed instead of a worker with local disk must have local disk too
 * @param driverFollowsWorkers the driver runs on the workers' node type (no driver_node_type_id of its own, or the same)
 */
public record Compute(boolean databricks, boolean serverless, Optional<NodeType> worker, List<NodeType> catalogue,
        Cloud cloud, int taskCpus, boolean usesLocalDisk, boolean driverFollowsWorkers) {
    private static final Comparator<NodeType> BY_MEMORY = Comparator.comparingLong(NodeType::memoryMb)
            .thenComparing(NodeType::nodeTypeId);

    public static Compute of(RunView run) {
        PlatformFacts p = run.facts().platform();
        Optional<ClusterShape> c = run.cluster();
        Optional<NodeType> worker = c.flatMap(ClusterShape::workerNode);
        return new Compute(p.databricks(), p.serverlessOn(), worker, c.map(ClusterShape::catalogue).orElse(List.of()),
                c.map(ClusterShape::cloud).orElse(p.cloud()), run.facts().properties().taskCpus(),
                RunMemory.wroteLocalDisk(run.finalStages()) || diskCacheOn(run, worker),
                c.filter(s -> s.driverNodeTypeId().equals(s.nodeTypeId())).isPresent());
    }

    /**
     * Databricks' disk cache keeps remote Parquet and Delta files on the workers' local SSDs: on when set, and by default
     * on the storage-optimised types with local SSDs (https://docs.databricks.com/aws/en/optimizations/disk-cache).
     */
    private static boolean diskCacheOn(RunView run, Optional<NodeType> worker) {
        return run.sparkSetting("spark.databricks.io.cache.enabled").map(Boolean::parseBoolean)
                .orElse(worker.filter(NodeType::hasLocalDisk).filter(w -> w.category().startsWith("Storage")).isPresent());
    }

    /** Off Databricks: any compute whose executors the job shapes itself. */
    public static Compute selfManaged(int taskCpus) {
        return new Compute(false, false, Optional.empty(), List.of(), Cloud.UNKNOWN, taskCpus, false, false);
    }

    public boolean classicDatabricks() {
        return databricks && !serverless;
    }

    /**
     * The change that halves the tasks sharing one executor's heap: on Databricks classic twice the
     * {@code spark.task.cpus} (the executor keeps every core), elsewhere {@code fewer} executor cores.
     */
    public Change fewerTasksPerExecutor(int fewer) {
        return classicDatabricks() ? Change.sparkConf("spark.task.cpus", taskCpus * 2)
                : Change.sparkConf("spark.executor.cores", fewer);
    }

    /**
     * The changes that give each core {@code factor} times its memory: the smallest priced node type of the
     * catalogue with as many cores and that much memory per core on Databricks, keeping local disk where the run
     * used it and the driver where it was (an instruction naming the need when none fits or there is no catalogue),
     * else the heap setting {@code heapSetting} ({@code heapKey}).
     */
    public List<Change> moreMemoryPerCore(double factor, String heapKey, String heapSetting) {
        if (!databricks) {
            return List.of(Change.sparkConf(heapKey, heapSetting));
        }
        if (serverless) {
            return List.of(Change.manual("memory per task", words(0).text("serverlessMemory")));
        }
        long need = worker.map(w -> Math.round(w.memoryPerCoreBytes() * factor)).orElse(0L);
        return worker.flatMap(w -> nodeWith(w.cores(), need)).map(this::nodeTypeChanges)
                .orElseGet(() -> List.of(Change.manual("node_type_id", worker.isPresent() ? words(need).text("largerNode")
                        : words(0).text("largerNodeUnknown"))));
    }

    /**
     * The workers moved to {@code to}. Without its own {@code driver_node_type_id} a cluster's driver follows
     * {@code node_type_id}: the step pins the driver to the node it has today, so that only the workers change (and
     * only they are priced); a driver of its own type is left as it is.
     */
    public List<Change> nodeTypeChanges(NodeType to) {
        Change workers = Change.cluster("node_type_id", to.nodeTypeId());
        return worker.filter(w -> driverFollowsWorkers).map(w -> List.of(workers, Change.cluster("driver_node_type_id",
                w.nodeTypeId()))).orElse(List.of(workers));
    }

    /** Words for the change {@link #moreMemoryPerCore} makes, for a rule's summary. */
    public String moreMemoryPerCoreWords(double factor, String heapKey, String heapSetting) {
        Change c = moreMemoryPerCore(factor, heapKey, heapSetting).get(0);
        if (c.scope().equals("cluster")) {
            return nodeWords(catalogue.stream().filter(t -> t.nodeTypeId().equals(c.value())).findFirst().orElseThrow());
        }
        return c.instruction() ? "a node type with more memory per core" : "a " + heapSetting + " heap";
    }

    /**
     * A proposed node type with what it costs against the worker's: "x1e.xlarge nodes (4 cores, 122.0 GiB;
     * +$0.550/h and +0.75 DBU/h a node against i3.xlarge)", or that the price is not known to spark-advisor.
     */
    public String nodeWords(NodeType n) {
        Optional<NodePrices.Difference> more = worker.flatMap(w -> NodePrices.between(w.nodeTypeId(), n.nodeTypeId()));
        Map<String, Object> scope = new HashMap<>(Map.of("type", n.nodeTypeId(), "cores", n.cores(),
                "memory", Format.bytes(n.memoryMb() << 20), "priced", more.isPresent(), "dollars", "", "dbu", "", "worker", ""));
        more.ifPresent(d -> {
            scope.put("dollars", signed("$%.3f", d.dollarsPerHour()));
            scope.put("dbu", signed("%.2f", d.dbuPerHour()));
            scope.put("worker", worker.get().nodeTypeId());
        });
        return Messages.of("platform", scope).text("nodeWords");
    }

    private static String signed(String format, double value) {
        return (value < 0 ? "-" : "+") + String.format(Locale.ROOT, format, Math.abs(value));
    }

    /** The smallest catalogue node type with these cores and at least this memory per core (same cloud, not deprecated). */
    public Optional<NodeType> nodeWith(int cores, long memoryPerCoreBytes) {
        return offered(cores, memoryPerCoreBytes).min(BY_MEMORY);
    }

    /**
     * A node type with the worker's cores and less memory that still has {@code memoryPerCoreBytes} per core and costs
     * less: the cheapest by list price ({@link NodePrices}); empty when the worker's price is unknown (no saving can be
     * shown) or none is cheaper.
     */
    public Optional<NodeType> smallerNodeWith(long memoryPerCoreBytes) {
        return worker.flatMap(w -> NodePrices.of(w.nodeTypeId()).flatMap(p -> offered(w.cores(), memoryPerCoreBytes)
                .filter(n -> n.memoryMb() < w.memoryMb() && price(n) < p.dollarsPerHour())
                .min(Comparator.comparingDouble(Compute::price).thenComparing(BY_MEMORY))));
    }

    private static double price(NodeType n) {
        return NodePrices.of(n.nodeTypeId()).map(NodePrices::dollarsPerHour).orElse(Double.MAX_VALUE);
    }

    /**
     * Catalogue types a step may propose: same cloud, not deprecated, these cores and memory per core, a known list price
     * (an unpriced type cannot be weighed against the worker), and local disk when the run used the worker's.
     */
    private Stream<NodeType> offered(int cores, long memoryPerCoreBytes) {
        boolean keepDisk = keepsLocalDisk();
        return catalogue.stream()
                .filter(n -> !n.deprecated() && n.cores() == cores && n.memoryPerCoreBytes() >= memoryPerCoreBytes)
                .filter(n -> cloud == Cloud.UNKNOWN || Cloud.fromNodeTypeId(n.nodeTypeId()) == cloud)
                .filter(n -> NodePrices.of(n.nodeTypeId()).isPresent() && (!keepDisk || n.hasLocalDisk()));
    }

    /** Whether a proposed node type must keep local disk: the worker has it and the run used it. */
    public boolean keepsLocalDisk() {
        return usesLocalDisk && worker.filter(NodeType::hasLocalDisk).isPresent();
    }

    /** On-demand instead of spot workers, in the attribute block of the run's cloud. */
    public Change onDemandWorkers() {
        return switch (cloud) {
            case AZURE -> Change.cluster("azure_attributes.availability", "ON_DEMAND_AZURE");
            case GCP -> Change.cluster("gcp_attributes.availability", "ON_DEMAND_GCP");
            default -> Change.cluster("aws_attributes.availability", "ON_DEMAND");
        };
    }

    private static Messages words(long memoryPerCoreBytes) {
        return Messages.of("platform", Map.of("perCore", Format.bytes(memoryPerCoreBytes)));
    }
}
