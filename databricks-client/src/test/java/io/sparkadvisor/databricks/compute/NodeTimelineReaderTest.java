package io.sparkadvisor.databricks.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.billing.StatementRunner;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.Availability;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** node_timeline through the Statement Execution API of the emulated workspace, for the io-bound corpus run's window. */
class NodeTimelineReaderTest {
    private static final ApplicationFacts RUN = Corpus.facts("io-bound").application();
    private static final String CLUSTER = "1203-aws-dedicated";
    private WorkspaceEmulator emulator;

    @BeforeEach
    void start() {
        emulator = WorkspaceEmulator.start(null);
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    private NodeTimelineFacts read() {
        return new NodeTimelineReader(new StatementRunner(emulator.client(), "wh-1", Duration.ofSeconds(30)), Duration.ofSeconds(30))
                .read(CLUSTER, RUN.startMs(), RUN.endMs());
    }

    /** The fixture's rows, in the statement's column order. */
    private static List<List<String>> fixtureRows() throws Exception {
        List<String> lines = Files.readAllLines(Corpus.dir().resolve("node-timeline/io-bound-low-cpu.csv"));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        List<String> wanted = List.of("instance_id", "driver", "start_time", "end_time", "cpu_user_percent", "cpu_system_percent",
                "cpu_wait_percent", "mem_used_percent");
        return lines.subList(1, lines.size()).stream().map(l -> Arrays.asList(l.split(",")))
                .map(cells -> wanted.stream().map(c -> cells.get(header.indexOf(c))).toList()).toList();
    }

    @Test
    void theRunsMinutesComeThroughAParameterisedStatement() throws Exception {
        emulator.onStatement("system.compute.node_timeline", StatementScript.nodeTimeline(fixtureRows()));
        NodeTimelineFacts facts = read();
        assertEquals(Availability.MEASURED, facts.availability());
        assertEquals(27, facts.use().orElseThrow().cpuBusy().median(), 1e-9);
        assertEquals(2, facts.use().orElseThrow().peakWorkers());

        JsonNode submit = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body());
        assertFalse(submit.path("statement").asText().contains(CLUSTER), "the cluster id is a parameter, not SQL text");
        assertEquals("{\"type\":\"STRING\",\"name\":\"cluster_id\",\"value\":\"" + CLUSTER + "\"}", submit.path("parameters").path(0).toString());
        assertEquals("{\"type\":\"TIMESTAMP\",\"name\":\"window_start\",\"value\":\"2026-12-03T06:41:43.208Z\"}",
                submit.path("parameters").path(1).toString());
        assertEquals(NodeTimelineReader.ROW_LIMIT, submit.path("row_limit").asLong());
    }

    @Test
    void noRowsYetSaysSoAndWhy() {
        emulator.onStatement("system.compute.node_timeline", StatementScript.nodeTimeline(List.of()));
        NodeTimelineFacts facts = read();
        assertEquals(Availability.NOT_YET, facts.availability());
        assertEquals("system.compute.node_timeline has no rows for this run's cluster between 2026-12-03T06:41:43.208Z and"
                + " 2026-12-03T06:42:05.519Z yet (system.compute.node_timeline); Databricks fills it days after a run, so the"
                + " machines' view is missing and the findings judge from the event log alone", facts.reason());
    }

    @Test
    void noSelectOnSystemComputeNamesTheGrant() {
        emulator.onStatement("system.compute.node_timeline", StatementScript.lacksSelectOn("system.compute.node_timeline"));
        NodeTimelineFacts facts = read();
        assertEquals(Availability.UNREADABLE, facts.availability());
        assertEquals("the advisor's identity (advisor@example.com) may not read system.compute.node_timeline: grant it USE CATALOG"
                + " on system, USE SCHEMA on system.compute and SELECT on system.compute.node_timeline", facts.reason());
        assertTrue(facts.use().isEmpty());
    }

    @Test
    void aSchemaNotEnabledSaysWhoEnablesIt() {
        emulator.onStatement("system.compute.node_timeline", StatementScript.fails(
                "[TABLE_OR_VIEW_NOT_FOUND] The table or view `system`.`compute`.`node_timeline` cannot be found."));
        assertTrue(read().reason().startsWith("system.compute.node_timeline is not there: an account admin enables the system"
                + " schema compute"), read().reason());
    }

    /** The warehouse refuses the statement itself (here: the emulator knows no such statement, a 400): a note, not a failed analysis. */
    @Test
    void aStatementTheWarehouseRefusesIsANoteNotAFailure() {
        NodeTimelineFacts facts = read();
        assertEquals(Availability.UNREADABLE, facts.availability());
        assertTrue(facts.reason().startsWith("system.compute.node_timeline could not be read ("), facts.reason());
    }
}
