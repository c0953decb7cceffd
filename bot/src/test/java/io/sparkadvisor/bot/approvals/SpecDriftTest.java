package io.sparkadvisor.bot.approvals;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.apply.ClusterTarget;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecDriftTest {
    private static final String RUN_SPEC = "{\"spark_version\":\"15.4.x-scala2.12\",\"node_type_id\":\"i3.xlarge\",\"num_workers\":3,"
            + "\"spark_conf\":{\"spark.sql.shuffle.partitions\":\"200\"},\"custom_tags\":{\"team\":\"a\"}}";

    @Test
    void namesEveryShapingFieldThatChangedAndIgnoresTheRest() {
        String job = "{\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":{\"spark_version\":\"15.4.x-scala2.12\","
                + "\"node_type_id\":\"i3.2xlarge\",\"autoscale\":{\"min_workers\":2,\"max_workers\":20},"
                + "\"spark_conf\":{\"spark.sql.shuffle.partitions\":\"200\"},\"custom_tags\":{\"team\":\"b\"}}}]}";

        assertEquals(List.of("num_workers: 3 → (not set)", "autoscale: (not set) → {\"min_workers\":2,\"max_workers\":20}",
                "node_type_id: i3.xlarge → i3.2xlarge"), SpecDrift.between(RUN_SPEC, job, new ClusterTarget.JobCluster("main")));
    }

    @Test
    void aTaskClusterAsTheRunHadItHasNoDriftAndAnUnknownRunSpecIsNotComparedWithAnything() {
        String job = "{\"tasks\":[{\"task_key\":\"t\",\"new_cluster\":" + RUN_SPEC.replace("\"team\":\"a\"", "\"team\":\"c\"") + "}]}";

        assertEquals(List.of(), SpecDrift.between(RUN_SPEC, job, new ClusterTarget.TaskCluster("t")));
        assertEquals(List.of(), SpecDrift.between(null, job, new ClusterTarget.TaskCluster("t")));
        assertEquals(List.of("spark_conf: {\"spark.sql.shuffle.partitions\":\"200\"} → {\"spark.sql.shuffle.partitions\":\"auto\"}"),
                SpecDrift.between(RUN_SPEC, job.replace("\"200\"", "\"auto\""), new ClusterTarget.TaskCluster("t")));
    }
}
