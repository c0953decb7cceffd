package io.sparkadvisor.bot.approvals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.apply.JobChange;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepChangesTest {
    private static final ClusterTarget MAIN = new ClusterTarget.JobCluster("main");
    private static final Step MODE = new Step(1, List.of(Change.job("performance_target", "STANDARD")), List.of(), "");

    @Test
    void aJobSettingIsAnEditOfTheJobsOwnFieldsWhateverClusterTheRunHad() {
        JobChange expected = new JobChange(Map.of("performance_target", TextNode.valueOf("STANDARD")));
        assertEquals(expected, StepChanges.of(new ClusterTarget.NoCluster(), MODE), "a serverless job's run");
        assertEquals(expected, StepChanges.of(MAIN, MODE), "a job-level field does not go to the run's cluster");
    }

    @Test
    void aClusterSettingOnAJobWithoutClusterOrMixedWithAJobSettingIsRefusedAloud() {
        Step conf = new Step(1, List.of(Change.sparkConf("spark.sql.shuffle.partitions", 64)), List.of(), "");
        StepChanges.NotApplicableException none = assertThrows(StepChanges.NotApplicableException.class,
                () -> StepChanges.of(new ClusterTarget.NoCluster(), conf));
        assertTrue(none.getMessage().contains("spark.sql.shuffle.partitions"), none.getMessage());
        Step mixed = new Step(1, List.of(Change.job("performance_target", "STANDARD"), Change.cluster("num_workers", 4)), List.of(), "");
        StepChanges.NotApplicableException both = assertThrows(StepChanges.NotApplicableException.class, () -> StepChanges.of(MAIN, mixed));
        assertTrue(both.getMessage().contains("both"), both.getMessage());
    }

    @Test
    void clusterSettingsStillMakeOneEdit() {
        Step workers = new Step(1, List.of(Change.cluster("num_workers", 4), Change.sparkConf("spark.sql.shuffle.partitions", 64)),
                List.of(), "");
        ClusterChange change = (ClusterChange) StepChanges.of(MAIN, workers);
        assertEquals(4L, change.numWorkers());
    }
}
