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
    void settingsMapsNameTheKeysThatChangedNeverTheirValues() {
        String run = "{\"num_workers\":3,\"spark_conf\":{\"spark.sql.shuffle.partitions\":\"200\","
                + "\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-AT-RUN-TIME-SECRET==\",\"spark.ui.port\":\"4040\"},"
                + "\"spark_env_vars\":{\"DB_PASSWORD\":\"EnvVarPw-OLD-SECRET-41\"},\"custom_tags\":{\"team\":\"a\"},"
                + "\"init_scripts\":[{\"abfss\":{\"destination\":\"abfss://x@lake.dfs.core.windows.net/a.sh?sig=OLD\"}}]}";
        String job = "{\"tasks\":[{\"task_key\":\"t\",\"new_cluster\":{\"num_workers\":4,\"spark_conf\":{\"spark.sql.shuffle.partitions\":\"400\","
                + "\"spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net\":\"AZKEY-ROTATED-NOW-SECRET==\",\"spark.ui.port\":\"4040\"},"
                + "\"spark_env_vars\":{\"DB_PASSWORD\":\"EnvVarPw-SECRET-42\",\"AWS_SECRET_ACCESS_KEY\":\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"},"
                + "\"init_scripts\":[{\"abfss\":{\"destination\":\"abfss://x@lake.dfs.core.windows.net/a.sh?sig=NEW\"}}]}}]}";

        assertEquals(List.of("num_workers: 3 → 4", "spark_conf: 2 keys changed: "
                        + "spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net, spark.sql.shuffle.partitions",
                "spark_env_vars: 2 keys changed: AWS_SECRET_ACCESS_KEY, DB_PASSWORD"),
                SpecDrift.between(run, job, new ClusterTarget.TaskCluster("t")));
    }

    @Test
    void aTaskClusterAsTheRunHadItHasNoDriftAndAnUnknownRunSpecIsNotComparedWithAnything() {
        String job = "{\"tasks\":[{\"task_key\":\"t\",\"new_cluster\":" + RUN_SPEC.replace("\"team\":\"a\"", "\"team\":\"c\"") + "}]}";

        assertEquals(List.of(), SpecDrift.between(RUN_SPEC, job, new ClusterTarget.TaskCluster("t")));
        assertEquals(List.of(), SpecDrift.between(null, job, new ClusterTarget.TaskCluster("t")));
        assertEquals(List.of("spark_conf: 1 key changed: spark.sql.shuffle.partitions"),
                SpecDrift.between(RUN_SPEC, job.replace("\"200\"", "\"auto\""), new ClusterTarget.TaskCluster("t")));
    }
}
