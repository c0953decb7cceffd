package io.sparkadvisor.rules.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The platform check on single changes, on a real run joined with the corpus cluster files. */
class ChangeGateTest {
    private static final RunView DEDICATED = new RunView(RuleTesting.withCluster("healthy", "aws-i3-dedicated.json"));
    private static final RunView STANDARD = new RunView(RuleTesting.withCluster("healthy", "aws-i3-standard.json"));
    private static final RunView SERVERLESS = new RunView(RuleTesting.withCluster("healthy", "serverless.json"));
    private static final RunView LOCAL = new RunView(Corpus.facts("healthy"));

    @Test
    void valuesMustParseAsSparkReadsThem() {
        assertTrue(ChangeGate.check(Change.sparkConf("spark.sql.shuffle.partitions", "auto"), DEDICATED).applicable());
        assertTrue(ChangeGate.check(Change.sparkConf("spark.sql.files.maxPartitionBytes", "1.5t"), DEDICATED).applicable());
        assertTrue(ChangeGate.check(Change.sparkConf("spark.sql.autoBroadcastJoinThreshold", "-1"), DEDICATED).applicable());
        Change sentence = ChangeGate.check(Change.cluster("num_workers", "about four"), DEDICATED);
        assertFalse(sentence.applicable());
        assertTrue(sentence.manualBecause().contains("about four"), sentence.manualBecause());
        assertFalse(ChangeGate.check(Change.sparkConf("spark.sql.adaptive.enabled", "yes"), LOCAL).applicable(),
                "a value Spark refuses is refused on any platform");
    }

    @Test
    void yarnAndKubernetesSettingsAreNotOfferedOnDatabricks() {
        Change overhead = Change.sparkConf("spark.executor.memoryOverhead", "1024m");
        assertFalse(ChangeGate.check(overhead, DEDICATED).applicable());
        assertTrue(ChangeGate.check(overhead, LOCAL).applicable(), "off Databricks it is the executor's own setting");
        assertFalse(ChangeGate.check(Change.sparkConf("spark.yarn.executor.memoryOverhead", "1g"), DEDICATED).applicable());
    }

    @Test
    void fewerExecutorCoresThanAWorkerHasStrandCores() {
        Change one = ChangeGate.check(Change.sparkConf("spark.executor.cores", 1), DEDICATED);
        assertFalse(one.applicable());
        assertTrue(one.manualBecause().contains("spark.task.cpus"), one.manualBecause());
        assertTrue(ChangeGate.check(Change.sparkConf("spark.executor.cores", 4), DEDICATED).applicable());
    }

    @Test
    void nodeTypesMustBeOfferedAndCurrent() {
        assertTrue(ChangeGate.check(Change.cluster("node_type_id", "r5.xlarge"), DEDICATED).applicable());
        assertTrue(ChangeGate.check(Change.cluster("node_type_id", "r7.mega"), DEDICATED).manualBecause().contains("not a node type"));
        assertTrue(ChangeGate.check(Change.cluster("node_type_id", "r3.xlarge"), DEDICATED).manualBecause().contains("deprecated"));
        assertTrue(ChangeGate.check(Change.cluster("node_type_id", "x1e.xlarge"), DEDICATED).manualBecause().contains("no list price"),
                "offered, current, but what it costs against today's node is unknown: never one click");
        assertTrue(ChangeGate.check(Change.cluster("driver_node_type_id", "i3.xlarge"), DEDICATED).applicable(), "the driver pin");
        assertFalse(ChangeGate.check(Change.cluster("aws_attributes.availability", "ON_DEMAND"), DEDICATED).applicable(),
                "the bot's jobs/update edits workers and node types only");
    }

    @Test
    void standardAccessAndServerlessTakeWhatTheyAllow() {
        Change cores = Change.envVar("SPARK_WORKER_CORES", 6);
        assertTrue(ChangeGate.check(cores, DEDICATED).applicable());
        assertFalse(ChangeGate.check(cores, STANDARD).applicable());
        Change partitions = ChangeGate.check(Change.sparkConf("spark.sql.shuffle.partitions", 400), SERVERLESS);
        assertFalse(partitions.applicable());
        assertTrue(partitions.manualBecause().contains("spark.conf.set(\"spark.sql.shuffle.partitions\", \"400\")"),
                partitions.manualBecause());
        assertTrue(ChangeGate.check(Change.cluster("num_workers", 4), SERVERLESS).manualBecause().contains("does not accept"));
    }

    @Test
    void aStepIsOfferedWholeOrNotAtAll() {
        Step step = new Step(1, List.of(Change.sparkConf("spark.sql.shuffle.partitions", 400),
                Change.sparkConf("spark.executor.memoryOverhead", "2g")), List.of(), "never");
        Step screened = ChangeGate.screen(step, DEDICATED);
        assertTrue(screened.changes().stream().noneMatch(Change::applicable), screened.toString());
        assertEquals("400", screened.changes().get(0).value());
        assertNull(ChangeGate.screen(step.withChanges(List.of(step.changes().get(0))), DEDICATED).changes().get(0).manualBecause());
    }
}
