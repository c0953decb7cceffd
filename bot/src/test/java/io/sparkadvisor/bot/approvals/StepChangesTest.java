package io.sparkadvisor.bot.approvals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepChangesTest {
    private static final ClusterTarget MAIN = new ClusterTarget.JobCluster("main");

    @Test
    void aJobSettingIsRefusedAloudNotAppliedAsAnEmptyClusterEdit() {
        // A serverless job's performance_target is applyable in the advice; the cluster edit cannot carry it yet.
        Step mode = new Step(1, List.of(Change.job("performance_target", "STANDARD")), List.of(), "");
        StepChanges.NotApplicableException e = assertThrows(StepChanges.NotApplicableException.class, () -> StepChanges.of(MAIN, mode));
        assertTrue(e.getMessage().contains("performance_target"), e.getMessage());
    }

    @Test
    void clusterSettingsStillMakeOneEdit() {
        Step workers = new Step(1, List.of(Change.cluster("num_workers", 4), Change.sparkConf("spark.sql.shuffle.partitions", 64)),
                List.of(), "");
        ClusterChange change = StepChanges.of(MAIN, workers);
        assertEquals(4L, change.numWorkers());
    }
}
