package io.sparkadvisor.bot.approvals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which cluster of the sample multi-task job (databricks-client's sample workspace, job 7) a change goes to, and what it changes. */
class ClusterTargetsTest {
    private static final ClusterTarget MAIN = new ClusterTarget.JobCluster("main");

    @Test
    void tasksOnASharedJobClusterChangeThatEntryATaskWithItsOwnClusterChangesItsOwnAndAnAllPurposeClusterNothing() throws IOException {
        String settings = new ObjectMapper().readTree(Files.readString(
                Path.of("../databricks-client/src/test/resources/sample-workspace/jobs/7.json"))).path("settings").toString();

        assertEquals(Optional.of(MAIN), ClusterTargets.of(settings, List.of("ingest", "transform")));
        assertEquals(Optional.of(new ClusterTarget.TaskCluster("adhoc")), ClusterTargets.of(settings, List.of("adhoc")));
        assertEquals(Optional.empty(), ClusterTargets.of(settings, List.of("report")));
        assertEquals(Optional.empty(), ClusterTargets.of(null, List.of("ingest")));
        for (ClusterTarget t : List.of(MAIN, new ClusterTarget.TaskCluster("adhoc"), new ClusterTarget.NoCluster())) {
            assertEquals(t, ClusterTargets.decode(ClusterTargets.encode(t)));
        }
    }

    @Test
    void aStepBecomesOneClusterChangeWithItsCodeChangesLeftToPeople() {
        Step step = new Step(1, List.of(Change.sparkConf("spark.sql.shuffle.partitions", 400), Change.envVar("SPARK_WORKER_CORES", 8),
                Change.cluster("autoscale.max_workers", 6), Change.code("salt", "df.withColumn(...)")), List.of(), "");

        ClusterChange change = (ClusterChange) StepChanges.of(MAIN, step);

        assertEquals(Map.of("spark.sql.shuffle.partitions", "400"), change.sparkConf());
        assertEquals(Map.of("SPARK_WORKER_CORES", "8"), change.sparkEnvVars());
        assertEquals(6L, change.maxWorkers());
        assertEquals(null, change.numWorkers());
        assertThrows(StepChanges.NotApplicableException.class, () -> StepChanges.of(MAIN,
                new Step(2, List.of(Change.cluster("aws_attributes.availability", "ON_DEMAND")), List.of(), "")));
    }
}
