package io.sparkadvisor.knowledge.machines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.Availability;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.MachineUse;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.NodeMinute;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeTimelineRowsTest {
    /** The io-bound corpus run: 2026-12-03 06:41:43.208 to 06:42:05.519 UTC. */
    private static final RunFacts IO_BOUND = Corpus.facts("io-bound");

    private static NodeTimelineFacts read(Path file) {
        return NodeTimelineFile.read(file, IO_BOUND.application().startMs(), IO_BOUND.application().endMs());
    }

    @Test
    void theRunsMinutesOfTheWorkersAreAveragedAndTheMinutesBeforeItLeftOut() {
        NodeTimelineFacts facts = read(Corpus.dir().resolve("node-timeline/io-bound-low-cpu.csv"));
        assertEquals(Availability.MEASURED, facts.availability());
        assertEquals(2, facts.minutes().size(), "06:41 and 06:42; the three minutes before the run are not its own");
        NodeMinute first = facts.minutes().get(0);
        assertEquals(2, first.workers(), "the driver's row is not a worker's");
        assertEquals(21.5, first.cpuUserPercent(), 1e-9);
        assertEquals(27, first.cpuBusyPercent(), 1e-9);
        MachineUse use = facts.use().orElseThrow();
        assertEquals(27, use.cpuBusy().median(), 1e-9);
        assertEquals(2, use.peakWorkers());
        assertEquals(35.5, use.memUsed().max(), 1e-9);
    }

    @Test
    void aStagesWindowTakesOnlyItsMinutes() {
        NodeTimelineFacts facts = NodeTimelineFacts.measured(List.of(new NodeMinute(0, 60_000, 3, 10, 2, 1, 40),
                new NodeMinute(60_000, 120_000, 5, 80, 5, 0, 60)));
        assertEquals(85, facts.useBetween(61_000, 90_000).orElseThrow().cpuBusy().median(), 1e-9);
        assertEquals(5, facts.use().orElseThrow().peakWorkers());
        assertTrue(facts.useBetween(200_000, 300_000).isEmpty());
    }

    @Test
    void jsonRowsReadLikeCsvRows(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("rows.json");
        Files.writeString(json, """
                [{"cluster_id": "c", "instance_id": "i-1", "driver": false, "start_time": "2026-12-03 06:41:00",
                  "end_time": "2026-12-03 06:42:00", "cpu_user_percent": 20, "cpu_system_percent": 7,
                  "cpu_wait_percent": 3.5, "mem_used_percent": 35}]""");
        NodeTimelineFacts facts = read(json);
        assertEquals(27, facts.use().orElseThrow().cpuBusy().median(), 1e-9);
        assertEquals(1, facts.minutes().get(0).workers());
    }

    @Test
    void rowsOutsideTheWindowMeanNotThereYet() {
        NodeTimelineFacts facts = read(Corpus.dir().resolve("node-timeline/io-bound-later-window.csv"));
        assertEquals(Availability.NOT_YET, facts.availability());
        assertTrue(facts.reason().contains("has no rows for this run's cluster between 2026-12-03T06:41:43.208Z and"
                + " 2026-12-03T06:42:05.519Z yet"), facts.reason());
        assertTrue(facts.use().isEmpty());
    }

    @Test
    void badFilesNameTheProblem(@TempDir Path dir) throws IOException {
        Path noColumn = dir.resolve("no-mem.csv");
        Files.writeString(noColumn, "driver,start_time,end_time,cpu_user_percent,cpu_system_percent,cpu_wait_percent\n");
        assertEquals("--node-timeline " + noColumn + " lacks the node_timeline column(s) mem_used_percent; select driver, start_time,"
                + " end_time, cpu_user_percent, cpu_system_percent, cpu_wait_percent, mem_used_percent from system.compute.node_timeline",
                assertThrows(NodeTimelineException.class, () -> read(noColumn)).getMessage());
        Path badPercent = dir.resolve("bad.csv");
        Files.writeString(badPercent, String.join(",", NodeTimelineRows.COLUMNS) + "\nfalse,2026-12-03T06:41:00Z,2026-12-03T06:42:00Z,20,5,1,140\n");
        assertEquals("--node-timeline " + badPercent + " row 1: mem_used_percent 140 is not a percentage (0-100)",
                assertThrows(NodeTimelineException.class, () -> read(badPercent)).getMessage());
        Path badTime = dir.resolve("time.csv");
        Files.writeString(badTime, String.join(",", NodeTimelineRows.COLUMNS) + "\nfalse,yesterday,2026-12-03T06:42:00Z,20,5,1,40\n");
        assertTrue(assertThrows(NodeTimelineException.class, () -> read(badTime)).getMessage()
                .endsWith("row 1: start_time yesterday is not a timestamp (ISO-8601 UTC, e.g. 2026-12-03T06:41:00Z)"));
        assertTrue(assertThrows(NodeTimelineException.class, () -> read(dir.resolve("missing.csv"))).getMessage()
                .contains("cannot be read (NoSuchFileException)"));
    }

    /** A run of two days has 2,880 minutes: merged pairwise, the facts keep at most a day's worth of points. */
    @Test
    void aLongRunIsBounded() {
        List<NodeMinute> minutes = new ArrayList<>();
        for (int i = 0; i < 2 * NodeTimelineFacts.MAX_MINUTES; i++) {
            minutes.add(new NodeMinute(i * 60_000L, (i + 1) * 60_000L, i % 2 == 0 ? 4 : 6, i % 2 == 0 ? 10 : 30, 0, 0, 50));
        }
        List<NodeMinute> bounded = NodeTimelineRows.bounded(minutes);
        assertEquals(NodeTimelineFacts.MAX_MINUTES, bounded.size());
        assertEquals(6, bounded.get(0).workers());
        assertEquals(20, bounded.get(0).cpuUserPercent(), 1e-9);
        assertEquals(120_000, bounded.get(0).endMs());
    }

    @Test
    void theTimelineTravelsInSavedFacts() {
        RunFacts facts = IO_BOUND.withNodeTimeline(read(Corpus.dir().resolve("node-timeline/io-bound-low-cpu.csv")));
        RunFacts back = FactsJson.read(new ByteArrayInputStream(FactsJson.write(facts).getBytes(StandardCharsets.UTF_8)), "test");
        assertEquals(facts.nodeTimeline(), back.nodeTimeline());
    }
}
