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
 */
public record Compute(boolean databricks, boolean serverless, Optional<NodeType> worker, List<NodeType> catalogue,
        Cloud cloud, int taskCpus) {
    private static final Comparator<NodeType> BY_MEMORY = Comparator.comparingLong(NodeType::memoryMb)
            .thenComparing(NodeType::nodeTypeId);

    public static Compute of(RunView run) {
        PlatformFacts p = run.facts().platform();
        Optional<ClusterShape> c = run.cluster();
        return new Compute(p.databricks(), p.serverlessOn(), c.flatMap(ClusterShape::workerNode),
                c.map(ClusterShape::catalogue).orElse(List.of()), c.map(ClusterShape::cloud).orElse(p.cloud()),
                run.facts().properties().taskCpus());
    }

    /** Off Databricks: any compute whose executors the job shapes itself. */
    public static Compute selfManaged(int taskCpus) {
        return new Compute(false, false, Optional.empty(), List.of(), Cloud.UNKNOWN, taskCpus);
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
     * The change that gives each core {@code factor} times its memory: the smallest node type of the
     * catalogue with as many cores and that much memory per core on Databricks (an instruction naming
     * the need when none fits or there is no catalogue), else the heap setting {@code heapSetting}.
     */
    public Change moreMemoryPerCore(double factor, String heapSetting) {
        if (!databricks) {
            return Change.sparkConf("spark.executor.memory", heapSetting);
        }
        if (serverless) {
            return Change.manual("memory per task", words(0).text("serverlessMemory"));
        }
        long need = worker.map(w -> Math.round(w.memoryPerCoreBytes() * factor)).orElse(0L);
        return worker.flatMap(w -> nodeWith(w.cores(), need))
                .map(n -> Change.cluster("node_type_id", n.nodeTypeId()))
                .orElseGet(() -> Change.manual("node_type_id", worker.isPresent() ? words(need).text("largerNode")
                        : words(0).text("largerNodeUnknown")));
    }

    /** Words for the change {@link #moreMemoryPerCore} makes, for a rule's summary. */
    public String moreMemoryPerCoreWords(double factor, String heapSetting) {
        Change c = moreMemoryPerCore(factor, heapSetting);
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
     * A node type with the worker's cores and less memory that still has {@code memoryPerCoreBytes} per core: when the
     * worker's list price is known, the cheapest priced one below it ({@link NodePrices}); else the smallest.
     */
    public Optional<NodeType> smallerNodeWith(long memoryPerCoreBytes) {
        if (worker.isEmpty()) {
            return Optional.empty();
        }
        NodeType w = worker.get();
        List<NodeType> smaller = offered(w.cores(), memoryPerCoreBytes).filter(n -> n.memoryMb() < w.memoryMb()).toList();
        Optional<NodeType> cheaper = NodePrices.of(w.nodeTypeId()).flatMap(p -> smaller.stream()
                .filter(n -> price(n) < p.dollarsPerHour()).min(Comparator.comparingDouble(Compute::price).thenComparing(BY_MEMORY)));
        return cheaper.or(() -> smaller.stream().min(BY_MEMORY));
    }

    private static double price(NodeType n) {
        return NodePrices.of(n.nodeTypeId()).map(NodePrices::dollarsPerHour).orElse(Double.MAX_VALUE);
    }

    private Stream<NodeType> offered(int cores, long memoryPerCoreBytes) {
        return catalogue.stream()
                .filter(n -> !n.deprecated() && n.cores() == cores && n.memoryPerCoreBytes() >= memoryPerCoreBytes)
                .filter(n -> cloud == Cloud.UNKNOWN || Cloud.fromNodeTypeId(n.nodeTypeId()) == cloud);
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
