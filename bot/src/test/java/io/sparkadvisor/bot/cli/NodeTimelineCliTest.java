package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyze --node-timeline}: the machines' rows beside the io-bound corpus log on two i3.xlarge workers. */
class NodeTimelineCliTest {
    private static CliTest.Result analyze(String timeline, String format) {
        return CliTest.run("analyze", Corpus.log("io-bound").toString(), "--cluster", Corpus.dir().resolve("clusters/aws-i3-dedicated.json").toString(),
                "--node-timeline", Corpus.dir().resolve("node-timeline").resolve(timeline).toString(), "--format", format);
    }

    private static JsonNode ioBound(JsonNode report) {
        for (JsonNode f : report.path("findings")) {
            if (f.path("rule").asText().equals("io-bound-slots")) {
                return f;
            }
        }
        return null;
    }

    @Test
    void lowMachineCpuIsInTheFindingsEvidenceAndWords() throws Exception {
        CliTest.Result r = analyze("io-bound-low-cpu.csv", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode f = ioBound(new ObjectMapper().readTree(r.out()));
        assertEquals(0.27, f.path("evidence").path("machineCpuShare").asDouble(), 0.001);
        assertEquals(2, f.path("evidence").path("machineNodes").asInt());
        CliTest.Result text = analyze("io-bound-low-cpu.csv", "text");
        assertTrue(text.out().contains("CPU 27% median over 2 nodes while every slot held a task"), text.out());
    }

    @Test
    void busyMachinesTakeTheFindingAway() throws Exception {
        CliTest.Result r = analyze("io-bound-busy-cpu.csv", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals(null, ioBound(new ObjectMapper().readTree(r.out())));
    }

    @Test
    void rowsNotThereYetAreANote() throws Exception {
        CliTest.Result r = analyze("io-bound-later-window.csv", "json");
        JsonNode report = new ObjectMapper().readTree(r.out());
        assertTrue(report.path("notes").toString().contains("system.compute.node_timeline has no rows for this run's cluster"), r.out());
        assertTrue(ioBound(report) != null, "the log's verdict stands");
    }

    @Test
    void aBadFileIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("rows.csv"), "driver,start_time\nfalse,2026-12-03T06:41:00Z\n");
        CliTest.Result r = analyze(bad.toString(), "text");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("lacks the node_timeline column(s) end_time, cpu_user_percent"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
