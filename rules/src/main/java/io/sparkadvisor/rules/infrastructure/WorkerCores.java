package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.rules.advisor.Messages;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * More task slots per node through {@code SPARK_WORKER_CORES}, as io-bound-slots and falling-behind propose it: what
 * must hold for the variable to reach Spark (dedicated access mode, a cluster with Worker processes), worded once in
 * {@code messages/worker-cores.yaml}.
 */
public final class WorkerCores {
    public static final String VARIABLE = "SPARK_WORKER_CORES";
    /** The messages file of these shared preconditions. */
    public static final String MESSAGES = "worker-cores";

    private WorkerCores() {}

    /** The access-mode and Worker-process preconditions on {@code cluster}: met, blocking, or to verify when unknown. */
    public static List<String> preconditions(Optional<ClusterShape> cluster) {
        Messages m = Messages.of(MESSAGES, Map.of());
        return List.of(
                cluster.flatMap(ClusterShape::dedicatedAccess).map(ok -> m.text(ok ? "accessOk" : "accessBlocked")).orElse(m.text("accessUnknown")),
                cluster.map(c -> m.text(c.singleNode() ? "singleNodeBlocked" : "multiNodeOk")).orElse(m.text("singleNodeUnknown")));
    }
}
