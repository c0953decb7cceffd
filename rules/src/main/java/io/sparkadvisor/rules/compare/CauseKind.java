package io.sparkadvisor.rules.compare;

import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.execution.taskfailures.TaskFailuresRule;
import java.util.List;

/**
 * What a share of the time difference is put down to, with the settings that can explain it: a changed setting is
 * named beside the cause it acts through (fewer partitions because spark.sql.shuffle.partitions fell). Skew, spill and
 * failures are named by the rules that find them in one run.
 */
public enum CauseKind {
    INPUT("input", List.of()),
    PARTITIONS("partitions", List.of("spark.sql.shuffle.partitions", "spark.default.parallelism", "spark.sql.files.",
            "spark.sql.adaptive.enabled", "spark.sql.adaptive.coalescePartitions.", "spark.sql.adaptive.advisoryPartitionSizeInBytes")),
    PLAN("plan", List.of("spark.sql.autoBroadcastJoinThreshold", "spark.sql.adaptive.", "spark.sql.join.", "spark.sql.optimizer.",
            "spark.sql.cbo.", "spark.sql.shuffle.partitions", "Spark")),
    SLOTS("slots", List.of("spark.master", "spark.executor.cores", "spark.executor.instances", "spark.cores.max", "spark.task.cpus",
            "spark.dynamicAllocation.", "num_workers", "autoscale.", "node_type_id", "availability")),
    SKEW(SkewRule.ID, List.of("spark.sql.adaptive.skewJoin.", "spark.sql.adaptive.enabled", "spark.sql.shuffle.partitions")),
    SPILL(SpillRule.ID, List.of("spark.memory.", "spark.executor.memory", "spark.driver.memory", "spark.sql.shuffle.partitions",
            "node_type_id")),
    GC("gc", List.of("spark.memory.", "spark.executor.memory", "spark.driver.memory", "node_type_id")),
    TASK_FAILURES(TaskFailuresRule.ID, List.of("spark.task.maxFailures", "spark.executor.memory", "availability")),
    TASK_SPEED("task-speed", List.of("Spark", "Photon", "node_type_id", "runtime_engine", "spark_version"));

    private final String id;
    private final List<String> settings;

    CauseKind(String id, List<String> settings) {
        this.id = id;
        this.settings = settings;
    }

    public String id() {
        return id;
    }

    /** The changes among {@code changes} that act through this cause (keys, or key prefixes ending in a dot). */
    List<SettingChange> because(List<SettingChange> changes) {
        return changes.stream().filter(c -> settings.stream().anyMatch(k -> k.endsWith(".") ? c.key().startsWith(k)
                : c.key().equals(k))).toList();
    }
}
