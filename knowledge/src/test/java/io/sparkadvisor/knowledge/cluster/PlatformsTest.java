package io.sparkadvisor.knowledge.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.derive.DeltaSnapshots;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.knowledge.facts.PlatformFacts.Kind;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The platform model on real logs: Databricks (DBR 9.1, 10.4 ML, 11.3, 13.3 Photon), YARN, standalone, local, and cluster JSON. */
class PlatformsTest {
    static final String PHOTON = "spark-rapids-tools/nds_q88_photon_db_13_3.zstd";
    static final String DELTA = "spark-rapids-tools/db_subExecution_id.zstd";
    private static final Map<String, RunFacts> FACTS = new ConcurrentHashMap<>();

    static RunFacts external(String log) {
        return FACTS.computeIfAbsent(log, l -> RunFactsReader.read(ExternalLogs.path(l)));
    }

    @ParameterizedTest
    @CsvSource({
        "spark_log_parser/databricks.json.gz, 9.1.x-scala2.12, false, AWS, m5.4xlarge",
        "spark_log_parser/databricks_example_1, 9.1.x-scala2.12, false, AWS, ",
        "spark-rapids-tools/xgboost_eventlog.zstd, 10.4.x-cpu-ml-scala2.12, false, , ",
        DELTA + ", 11.3.x-scala2.12, false, AZURE, Standard_E8s_v3",
        PHOTON + ", 13.3.x-aarch64-photon-scala2.12, true, AWS, m6gd.2xlarge"})
    void databricksLogsAreRecognisedWithTheirRuntime(String log, String runtime, boolean photon, String cloud, String node) {
        PlatformFacts p = external(log).platform();
        assertEquals(Kind.DATABRICKS, p.kind(), log);
        assertEquals(Optional.of(runtime), p.runtime(), log);
        assertEquals(Optional.of(photon), p.photon(), log);
        assertEquals(Optional.of(false), p.serverless(), log + ": classic compute names its workers");
        if (cloud != null) {
            assertEquals(Cloud.valueOf(cloud), p.cloud(), log);
        }
        if (node != null) {
            assertEquals(Optional.of(node), p.workerNodeType(), log);
        }
    }

    @Test
    void thePhotonLogSaysItsShape() {
        PlatformFacts p = external(PHOTON).platform();
        assertEquals(2, p.workers());
        assertFalse(p.autoscaling());
        assertEquals(Optional.of("SPOT_WITH_FALLBACK"), p.availability());
        assertEquals(Optional.of(true), p.spot());
        assertEquals(Optional.of("m6gd.xlarge"), p.driverNodeType());
        assertEquals(Optional.empty(), p.accessMode(), "isSingleUserCluster=false does not tell standard from no isolation");
    }

    @Test
    void theDeltaLogIsDedicatedOnDemand() {
        PlatformFacts p = external(DELTA).platform();
        assertEquals(Optional.of("SINGLE_USER"), p.accessMode(), "isSingleUserCluster=true");
        assertEquals(Optional.of("ON_DEMAND_AZURE"), p.availability());
        assertEquals(Optional.of(false), p.spot());
    }

    @ParameterizedTest
    @CsvSource({
        "spark-rapids-tools/nds_q72_dataproc_2_2.zstd, yarn",
        "spark-rapids-tools/join_agg_on_yarn_eventlog.zstd, yarn",
        "spark-rapids-tools/tasks_executors_fail_compressed_eventlog.zstd, yarn",
        "spark/application_1516285256255_0012, yarn",
        "spark/application_1553914137147_0018, yarn",
        "dr-elephant/event_log_1, yarn",
        "spark-rapids-tools/gpu_oom_eventlog.zstd, standalone",
        "spark-rapids-tools/aqeshuffle_eventlog.zstd, local",
        "spark-rapids-tools/python_udf_eventlog, local",
        "spark-rapids-tools/eventlog_v2_local-1623876083964, local",
        "spark/local-1642039451826, local",
        "spark/app-20161115172038-0000, local",
        "sparklens/local-1532512550423, local"})
    void otherLogsGetTheirKind(String log, String kind) {
        PlatformFacts p = external(log).platform();
        assertEquals(Kind.of(kind), p.kind(), log + " (spark.master " + external(log).properties().master() + ")");
        assertEquals(Optional.empty(), p.runtime(), log);
        assertEquals(Optional.of(false), p.photon(), log);
    }

    @Test
    void corpusLogsAreLocal() {
        for (String scenario : Corpus.scenarios()) {
            PlatformFacts p = Corpus.facts(scenario).platform();
            assertEquals(Kind.LOCAL, p.kind(), scenario);
            assertFalse(p.photonOn(), scenario);
            assertFalse(p.serverlessOn(), scenario);
        }
    }

    @Test
    void serverlessComputeRunsPhoton() throws IOException {
        // The serverless cluster file's runtime name has no "photon" in it; serverless compute is Photon all the same.
        for (String scenario : List.of("healthy", "delta-small-files", "skew")) {
            PlatformFacts p = withCluster(scenario, "serverless.json").platform();
            assertEquals(Optional.of(true), p.serverless(), scenario);
            assertEquals(Optional.of(true), p.photon(), scenario);
        }
    }

    @Test
    void aCorpusLogWithTheDedicatedClusterIsDatabricksOnThatRuntime() throws IOException {
        PlatformFacts p = withCluster("io-bound", "aws-i3-dedicated.json").platform();
        assertEquals(Kind.DATABRICKS, p.kind());
        assertEquals(Optional.of("15.4.x-scala2.12"), p.runtime());
        assertEquals(Optional.of("SINGLE_USER"), p.accessMode());
        assertEquals(Optional.of(false), p.photon(), "the runtime name says no photon and nothing else speaks");
        assertEquals(Optional.of(false), p.serverless());
        assertEquals(2, p.workers());
        assertEquals(Optional.of("ON_DEMAND"), p.availability());
        assertEquals(Optional.of(false), p.spot());
        assertEquals(Optional.of("i3.xlarge"), p.workerNodeType());
        assertEquals(Cloud.AWS, p.cloud());
    }

    @Test
    void theStandardClusterGivesTheStandardMode() throws IOException {
        PlatformFacts p = withCluster("io-bound", "aws-i3-standard.json").platform();
        assertEquals(Kind.DATABRICKS, p.kind());
        assertEquals(Optional.of("USER_ISOLATION"), p.accessMode());
    }

    @Test
    void theClusterJsonWinsWhereBothSpeak() {
        RunFacts log = external(PHOTON);
        ClusterShape cluster = ClusterJson.parse("{\"spark_version\": \"15.4.x-scala2.12\", \"node_type_id\": \"m7gd.2xlarge\","
                + " \"autoscale\": {\"min_workers\": 2, \"max_workers\": 8}, \"runtime_engine\": \"STANDARD\","
                + " \"data_security_mode\": \"USER_ISOLATION\", \"aws_attributes\": {\"availability\": \"ON_DEMAND\"}}",
                Optional.empty());
        PlatformFacts p = log.withCluster(cluster).platform();
        assertEquals(Optional.of("15.4.x-scala2.12"), p.runtime());
        assertEquals(Optional.of(false), p.photon(), "runtime_engine STANDARD");
        assertEquals(Optional.of("USER_ISOLATION"), p.accessMode());
        assertEquals(Optional.of("m7gd.2xlarge"), p.workerNodeType());
        assertEquals(Optional.of("m6gd.xlarge"), Optional.of(log.platform().driverNodeType().orElseThrow()));
        assertTrue(p.autoscaling());
        assertEquals(2, p.minWorkers());
        assertEquals(8, p.maxWorkers());
        assertEquals(0, p.workers());
        assertEquals(Optional.of(false), p.spot());
        assertEquals(log.platform(), log.withCluster(null).platform(), "without the cluster the log's platform again");
    }

    @Test
    void photonScansExchangesAndJoinsReadLikeTheirSparkTwins() {
        SqlExecutionFacts q88 = external(PHOTON).sqlExecution(26).orElseThrow();
        assertTrue(q88.photonPlan());
        assertEquals(32, q88.scans().size(), "every PhotonScan parquet is a scan");
        for (ScanFacts scan : q88.scans()) {
            assertEquals("parquet", scan.tableFormat());
            assertEquals("", scan.table(), "path reads");
            assertEquals(1, scan.locations().size());
            assertTrue(scan.locations().get(0).startsWith("s3://ndsv2-data/parquet_sf3000/"), scan.locations().toString());
        }
        assertTrue(q88.scans().stream().mapToLong(ScanFacts::filesRead).sum() > 0, "files read");
        assertTrue(q88.scans().stream().mapToLong(ScanFacts::bytesRead).sum() > 0, "size of files read");
        assertTrue(q88.scans().stream().mapToLong(ScanFacts::rowsOut).sum() > 0, "rows out");
        assertEquals(39, q88.exchanges().size(), "one exchange per PhotonShuffleExchangeSink");
        for (ExchangeFacts exchange : q88.exchanges()) {
            assertEquals("SinglePartition", exchange.partitioning());
            assertEquals(List.of(), exchange.keys());
        }
        assertTrue(q88.exchanges().stream().mapToLong(ExchangeFacts::rowsOut).sum() > 0, "rows through the shuffles");
        List<PlanNode> joins = q88.nodes().stream().filter(PlanNode::isJoin).toList();
        assertEquals(31, joins.size(), "24 PhotonBroadcastHashJoin + 7 PhotonBroadcastNestedLoopJoin");
        assertTrue(joins.stream().anyMatch(j -> j.sparkTwin().equals("BroadcastHashJoin")), joins.get(0).sparkTwin());
        assertEquals("HashAggregate", q88.nodes().stream().filter(n -> n.name().equals("PhotonAgg")).findFirst()
                .orElseThrow().sparkTwin());
        assertEquals(List.of(), q88.photonFallbacks(), "the final q88 plan runs wholly in Photon; the ColumnarToRow above"
                + " PhotonResultStage hands the result to the driver");
    }

    @Test
    void theDeltaLogsScansAreDelta() {
        List<ScanFacts> scans = external(DELTA).sqlExecutions().stream().flatMap(e -> e.scans().stream()).toList();
        assertFalse(scans.isEmpty());
        for (ScanFacts scan : scans) {
            assertEquals(ScanFacts.DELTA, scan.tableFormat(), scan.locations().toString());
            assertEquals("Parquet", scan.format(), "the files are Parquet");
            assertEquals("spark_catalog.default.people_large_2", scan.table());
            assertTrue(scan.deltaTable());
        }
    }

    /**
     * delta-spark 3.3 in local mode (and 4.0 on Spark 4.0): the table's data is a Parquet scan over
     * PreparedDeltaFileIndex (named by the catalog table when read by name), the snapshot's replay of _delta_log a
     * json scan over DeltaLogFileIndex.
     */
    @ParameterizedTest
    @CsvSource({"delta-small-files, spark_catalog.default.events", "delta-path-read, ''", "delta-optimized, spark_catalog.default.events",
            "delta-small-files-spark4, spark_catalog.default.events"})
    void theCorpusDeltaScansAreTheTableAndItsLog(String scenario, String table) {
        List<ScanFacts> scans = Corpus.facts(scenario).sqlExecutions().stream().flatMap(e -> e.scans().stream()).toList();
        List<ScanFacts> data = scans.stream().filter(ScanFacts::deltaTable).toList();
        assertEquals(1, data.size(), scans.toString());
        ScanFacts scan = data.get(0);
        assertEquals("Parquet", scan.format());
        assertEquals(table, scan.table());
        assertTrue(scan.locations().get(0).endsWith(scenario.equals("delta-optimized") ? "/delta-optimized" : "/delta-small"),
                scan.locations().toString());
        assertEquals(List.of("user_id"), scan.dataFilterColumns(), scan.dataFilters());
        assertTrue(scans.stream().filter(s -> !s.deltaTable()).allMatch(s -> s.tableFormat().equals(ScanFacts.DELTA_LOG)
                && s.locations().get(0).contains("/_delta_log/")), scans.toString());
        // Delta's file filtering saw the table's live files; data skipping on user_id kept all of them
        List<SqlExecutionFacts> executions = Corpus.facts(scenario).sqlExecutions();
        SqlExecutionFacts read = executions.stream().filter(e -> e.scans().contains(scan)).findFirst().orElseThrow();
        assertEquals(scan.filesRead(), DeltaSnapshots.tableFiles(executions, read, scan).orElseThrow());
    }

    @Test
    void databricksCountsTheDeltaFilesItPrunedOnTheScan() {
        List<SqlExecutionFacts> executions = external(DELTA).sqlExecutions();
        SqlExecutionFacts read = executions.stream().filter(e -> e.scans().stream().anyMatch(s -> s.filesRead() > 0))
                .findFirst().orElseThrow();
        ScanFacts scan = read.scans().get(0);
        assertEquals(67, scan.filesRead());
        assertEquals(67, DeltaSnapshots.tableFiles(executions, read, scan).orElseThrow(), "number of files pruned: 0");
    }

    @Test
    void plainScansKeepTheirFileFormat() {
        for (String scenario : Corpus.scenarios()) {
            if (Corpus.scenario(scenario).path("construction").path("tableFormat").asText().equals(ScanFacts.DELTA)) {
                continue;
            }
            for (SqlExecutionFacts sql : Corpus.facts(scenario).sqlExecutions()) {
                for (ScanFacts scan : sql.scans()) {
                    assertEquals(scan.format().toLowerCase(), scan.tableFormat(), scenario);
                }
                assertFalse(sql.photonPlan(), scenario);
                assertEquals(List.of(), sql.photonFallbacks(), scenario);
            }
        }
    }

    @Test
    void thePlatformRoundTripsThroughFactsJson(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        RunFacts facts = external(DELTA);
        Path file = dir.resolve("facts.json");
        Files.writeString(file, FactsJson.write(facts));
        RunFacts back = FactsJson.read(file);
        assertEquals(facts.platform(), back.platform());
        assertEquals(facts.sqlExecutions(), back.sqlExecutions());
    }

    private static RunFacts withCluster(String scenario, String clusterFile) throws IOException {
        Path clusters = Corpus.dir().resolve("clusters");
        return Corpus.facts(scenario).withCluster(ClusterJson.parse(Files.readString(clusters.resolve(clusterFile)),
                Optional.of(Files.readString(clusters.resolve("node-types.json")))));
    }
}
