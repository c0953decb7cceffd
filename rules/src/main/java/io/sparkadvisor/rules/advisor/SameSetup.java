package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Whether two runs of a job ran the same way: the same cluster shape (node types, workers, autoscale range, its
 * Spark settings and environment, engine) and the same Spark settings that size the work. Only such runs tell
 * the job's run-to-run noise; a run before a change, or after someone resized the cluster, does not.
 */
public final class SameSetup {
    /** The Spark settings that decide how much work runs where; ids, hosts, ports and paths of one run are left out. */
    private static final List<String> WORK_SETTINGS = List.of("spark.master", "spark.sql.", "spark.executor.memory",
            "spark.executor.cores", "spark.executor.instances", "spark.task.", "spark.memory.", "spark.driver.memory",
            "spark.default.parallelism", "spark.dynamicAllocation.", "spark.shuffle.", "spark.cores.max");

    private SameSetup() {}

    public static boolean of(RunFacts a, RunFacts b) {
        return workSettings(a).equals(workSettings(b)) && shape(a.cluster()).equals(shape(b.cluster()));
    }

    /** The run's Spark settings that size its work, by key. */
    public static Map<String, String> workSettings(RunFacts run) {
        Map<String, String> kept = new TreeMap<>();
        run.properties().values().forEach((key, value) -> {
            if (WORK_SETTINGS.stream().anyMatch(key::startsWith) && !key.startsWith("spark.sql.execution.id")) {
                kept.put(key, value);
            }
        });
        return kept;
    }

    private static List<Object> shape(Optional<ClusterShape> cluster) {
        return cluster.<List<Object>>map(c -> Arrays.asList(c.nodeTypeId(), c.driverNodeTypeId(), c.numWorkers(), c.autoscaleMin(),
                c.autoscaleMax(), c.sparkConf(), c.sparkEnvVars(), c.runtimeEngine())).orElse(List.of());
    }
}
