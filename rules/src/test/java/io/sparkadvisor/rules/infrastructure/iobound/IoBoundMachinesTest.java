package io.sparkadvisor.rules.infrastructure.iobound;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static io.sparkadvisor.rules.RuleTesting.number;
import static io.sparkadvisor.rules.RuleTesting.silent;
import static io.sparkadvisor.rules.RuleTesting.withCluster;
import static io.sparkadvisor.rules.RuleTesting.withNodeTimeline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** io-bound-slots beside the machines' own view: the corpus run on two i3.xlarge workers, with node_timeline rows built for its window. */
class IoBoundMachinesTest {
    private static final String RULE = "io-bound-slots";

    private static RunFacts ioBound() {
        return withCluster("io-bound", "aws-i3-dedicated.json");
    }

    @Test
    void fullSlotsOnMachinesWhoseCpuIsLowFireWithTheMachinesNumbers() {
        Finding f = fired(advise(withNodeTimeline(ioBound(), "io-bound-low-cpu.csv"), Map.of()), RULE);
        // The three busy minutes before the run started are another workload: only the stage's minutes count.
        assertEquals(0.27, number(f, "machineCpuShare"), 0.001);
        assertEquals(2, number(f, "machineNodes"));
        assertEquals(0.03, number(f, "machineCpuWaitShare"), 0.001);
        assertTrue(f.recommendation().proof().contains("CPU 27% median over 2 nodes while every slot held a task"),
                f.recommendation().proof());
    }

    /** The same log, but the machines were busy: the slots were full of work, and more slots would only share the cores. */
    @Test
    void busyMachinesSilenceIt() {
        silent(advise(withNodeTimeline(ioBound(), "io-bound-busy-cpu.csv"), Map.of()), RULE);
        // ... unless the machines' ceiling is raised above their 82%: the log alone still says it.
        fired(advise(withNodeTimeline(ioBound(), "io-bound-busy-cpu.csv"), Map.of("io-bound-slots.maxMachineCpuShare", "0.9")), RULE);
    }

    @Test
    void aHealthyRunStaysSilentWithItsRows() {
        silent(advise(withNodeTimeline(withCluster("healthy", "aws-r5-1core-40g-executors.json"), "healthy-idle-memory.csv"),
                Map.of()), RULE);
    }

    /** Rows not there yet (the table fills days later): a note says so and the log decides as before. */
    @Test
    void rowsNotThereYetGiveANoteAndTheLogsVerdict() {
        Advice advice = advise(withNodeTimeline(ioBound(), "io-bound-later-window.csv"), Map.of());
        Finding f = fired(advice, RULE);
        Finding logOnly = fired(advise(ioBound(), Map.of()), RULE);
        assertEquals(logOnly.evidence(), f.evidence());
        assertEquals(0, number(f, "machineNodes"));
        assertEquals(logOnly.recommendation().proof(), f.recommendation().proof());
        assertTrue(f.recommendation().proof().contains("for a free slot. Do not judge by iowait"), f.recommendation().proof());
        assertTrue(advice.notes().stream().anyMatch(n -> n.kind().equals("node-timeline")
                && n.text().startsWith("No machines' view: system.compute.node_timeline has no rows for this run's cluster between"
                        + " 2026-12-03T06:41:43.208Z and 2026-12-03T06:42:05.519Z yet")), advice.notes().toString());
        assertTrue(advise(ioBound(), Map.of()).notes().stream().noneMatch(n -> n.kind().equals("node-timeline")),
                "no note when the timeline was not asked for");
    }

    @Test
    void aGrantTheAdvisorLacksIsNamedInTheNote() {
        RunFacts facts = ioBound().withNodeTimeline(NodeTimelineFacts.unreadable(
                "the advisor may not read system.compute.node_timeline: grant its identity SELECT on it"));
        Advice advice = advise(facts, Map.of());
        fired(advice, RULE);
        assertTrue(advice.notes().stream().anyMatch(n -> n.text().contains("grant its identity SELECT")), advice.notes().toString());
    }
}
