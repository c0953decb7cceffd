package io.sparkadvisor.rules.platform;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.streaming.Checkpoint;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The last word before a change is offered to Approve: on the compute the run used, would the platform
 * accept the change, honour it, and read its value as meant? A change that fails is kept, for people,
 * with the reason ({@link Change#refused}). A step is applied whole or not at all, so one refused
 * setting leaves the step's other settings to people too.
 */
public final class ChangeGate {
    /** Settings of YARN and Kubernetes resource managers: Databricks sizes its executors itself and ignores them. */
    private static final List<String> OTHER_MANAGERS = List.of("spark.yarn.", "spark.kubernetes.", "spark.dynamicAllocation.");
    private static final Set<String> OTHER_MANAGER_KEYS = Set.of("spark.executor.memoryOverhead",
            "spark.executor.memoryOverheadFactor", "spark.executor.instances", "spark.driver.memoryOverhead");
    /**
     * Spark settings serverless compute accepts (set in the code with spark.conf.set; a serverless job has no
     * cluster to edit): https://docs.databricks.com/aws/en/spark/conf#configure-spark-properties-for-serverless-notebooks-and-jobs
     */
    private static final Set<String> SERVERLESS_SETTINGS = Set.of("spark.sql.shuffle.partitions",
            "spark.sql.session.timeZone", "spark.sql.ansi.enabled", "spark.sql.legacy.timeParserPolicy",
            "spark.sql.files.maxPartitionBytes", "spark.databricks.execution.timeout");

    /** The job-cluster fields the bot's jobs/update edits. */
    private static final Set<String> EDITABLE_CLUSTER_KEYS = Set.of("num_workers", "autoscale.min_workers",
            "autoscale.max_workers", "node_type_id", "driver_node_type_id");
    /** The job settings the bot's jobs/update edits outside clusters: serverless takes these, as they are the job's. */
    private static final Set<String> EDITABLE_JOB_KEYS = Set.of("performance_target");
    /** The heap settings: in local mode fixed when the driver's JVM starts. */
    private static final Set<String> HEAP_KEYS = Set.of("spark.executor.memory", "spark.driver.memory");

    private ChangeGate() {}

    /** The step with every change the platform would not take left to people. */
    public static Step screen(Step step, RunView run) {
        List<Change> checked = step.changes().stream().map(c -> check(c, run)).toList();
        Optional<Change> refused = checked.stream().filter(c -> c.manualBecause() != null).findFirst();
        if (refused.isPresent()) {
            String reason = words(Map.of("key", refused.get().key())).text("withRefused");
            checked = checked.stream().map(c -> c.applicable() ? c.refused(reason) : c).toList();
        }
        return step.withChanges(checked);
    }

    static Change check(Change c, RunView run) {
        Optional<String> pinned = checkpointPinned(c, run);
        if (pinned.isPresent()) {
            return c.refused(pinned.get());
        }
        if (!c.applicable()) {
            return c;
        }
        return refusal(c, run).map(c::refused).orElse(c);
    }

    private static Optional<String> refusal(Change c, RunView run) {
        if (c.scope().equals("job")) {
            return EDITABLE_JOB_KEYS.contains(c.key()) ? Optional.empty() : reason("notEditable", c, Map.of());
        }
        Optional<SettingValues.Form> form = SettingValues.formOf(c.key());
        if (form.isPresent() && !form.get().accepts(c.value())) {
            return reason("notAValue", c, Map.of("form", form.get().id()));
        }
        if (HEAP_KEYS.contains(c.key()) && run.memory(Thresholds.defaults()).local()) {
            return reason("localModeHeap", c, Map.of());
        }
        PlatformFacts platform = run.facts().platform();
        if (!platform.databricks()) {
            return Optional.empty();
        }
        if (OTHER_MANAGER_KEYS.contains(c.key()) || OTHER_MANAGERS.stream().anyMatch(c.key()::startsWith)) {
            return reason("otherManager", c, Map.of());
        }
        if (platform.serverlessOn()) {
            return reason(c.scope().equals("spark_conf") && SERVERLESS_SETTINGS.contains(c.key()) ? "serverlessInCode"
                    : "serverlessUnsupported", c, Map.of());
        }
        return switch (c.scope()) {
            case "spark_env_vars" -> run.cluster().flatMap(ClusterShape::dedicatedAccess).filter(dedicated -> !dedicated)
                    .flatMap(shared -> reason("standardAccessEnv", c, Map.of()));
            case "cluster" -> !EDITABLE_CLUSTER_KEYS.contains(c.key()) ? reason("notEditable", c, Map.of())
                    : c.key().endsWith("node_type_id") ? nodeType(c, run) : Optional.empty();
            default -> executorShape(c, run);
        };
    }

    /**
     * A stateful streaming query's checkpoint sets spark.sql.shuffle.partitions back on every restart, so neither the
     * setting nor code that sets it takes effect there: the change, whatever its form, says so instead.
     */
    private static Optional<String> checkpointPinned(Change c, RunView run) {
        boolean shufflePartitions = (c.key() + " " + c.value()).contains(Checkpoint.SHUFFLE_PARTITIONS_KEY);
        return (shufflePartitions ? Checkpoint.pinnedShufflePartitions(run.facts()) : Optional.<Integer>empty())
                .flatMap(partitions -> reason("checkpointPinned", c, Map.of("partitions", partitions,
                        "setting", Checkpoint.SHUFFLE_PARTITIONS_KEY)));
    }

    /**
     * One executor per worker holds all its cores; a smaller executor strands the rest. Moving executors a
     * cluster already shapes by hand towards the whole worker is fine; lowering them is not.
     */
    private static Optional<String> executorShape(Change c, RunView run) {
        boolean shapedByUser = run.cluster().map(s -> s.sparkConf().containsKey("spark.executor.cores")
                || s.sparkConf().containsKey("spark.executor.memory")).orElse(false);
        if (c.key().equals("spark.executor.cores") && lowersExecutorCores(Integer.parseInt(c.value().trim()), run)) {
            return reason("fewerExecutorCores", c, Map.of("cores", run.workerCores()));
        }
        if ((c.key().equals("spark.executor.memory") && !shapedByUser) || c.key().equals("spark.driver.memory")) {
            return reason("executorMemory", c, Map.of());
        }
        return Optional.empty();
    }

    private static boolean lowersExecutorCores(int cores, RunView run) {
        return cores < run.workerCores() && cores < run.sparkInteger("spark.executor.cores").orElse(run.workerCores());
    }

    private static Optional<String> nodeType(Change c, RunView run) {
        List<NodeType> catalogue = run.cluster().map(ClusterShape::catalogue).orElse(List.of());
        if (catalogue.isEmpty()) {
            return reason("noCatalogue", c, Map.of());
        }
        Optional<NodeType> node = catalogue.stream().filter(n -> n.nodeTypeId().equals(c.value())).findFirst();
        if (node.isEmpty()) {
            return reason("unknownNodeType", c, Map.of());
        }
        if (node.get().deprecated()) {
            return reason("deprecatedNodeType", c, Map.of());
        }
        return NodePrices.of(c.value()).isEmpty() ? reason("unpricedNodeType", c, Map.of()) : Optional.empty();
    }

    private static Optional<String> reason(String key, Change c, Map<String, Object> more) {
        Map<String, Object> scope = new HashMap<>(more);
        scope.put("key", c.key());
        scope.put("value", c.value());
        return Optional.of(words(scope).text(key));
    }

    private static Messages words(Map<String, Object> scope) {
        return Messages.of("platform", scope);
    }
}
