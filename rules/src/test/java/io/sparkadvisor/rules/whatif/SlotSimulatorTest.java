package io.sparkadvisor.rules.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.SlotTimeline;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SlotSimulatorTest {

    /** Diamond DAG: 0 and 1 run side by side, 2 joins them, 3 follows; then a second job. */
    private static RunFacts diamond(int slots) {
        List<StageFacts> stages = List.of(
                stage(0, List.of(), 100, 100, 100, 100),
                stage(1, List.of(), 300, 300),
                stage(2, List.of(0, 1), 50, 50, 50, 50, 50, 50, 50, 50),
                stage(3, List.of(2), 1000),
                stage(4, List.of(), 10, 10, 10, 10));
        List<JobFacts> jobs = List.of(new JobFacts(0, 1_000, 2_600, List.of(0, 1, 2, 3), -1, "JobSucceeded", ""),
                new JobFacts(1, 3_000, 3_020, List.of(4, 9), -1, "JobSucceeded", ""));
        return new RunFacts(new ApplicationFacts("app", "diamond", "3.5.8", 0, 4_000), new Coverage(0, 0, 0, false),
                SparkProperties.empty(), List.of(), jobs, stages, List.of(),
                new SlotAccounting(0, 0, 0, 0, 0, 0, 0, slots, slots), new SlotTimeline(0, 1, List.of(), List.of(), List.of()),
                List.of(), Optional.empty());
    }

    private static StageFacts stage(int id, List<Integer> parents, long... durations) {
        List<Long> sample = java.util.Arrays.stream(durations).boxed().toList();
        return new StageFacts(id, 0, "s" + id, durations.length, parents, 0, 0, "COMPLETE", "", -1, durations.length, 0, 0,
                Map.of(), 0, sample);
    }

    @Test
    void respectsStageDependenciesAndSlotLimits() {
        SlotSimulator sim = new SlotSimulator(diamond(2));
        // Driver time: 4000 ms app minus the job union (1600 + 20) = 2380 ms.
        // Job 0 with 2 slots: stage 0's four 100 ms tasks share a slot with stage 1's 300 ms tasks:
        // t=0 [0a,0b] -> 100 [0c,0d] -> 200 [1a,1b] -> 500 stage 2: 8 x 50 ms on 2 slots = 200 -> 700, stage 3 -> 1700.
        // Job 1: 4 x 10 ms on 2 slots = 20 (stage 9 never ran: it is ignored).
        assertEquals(2380 + 1700 + 20, sim.predictMs(2));
        // One slot serialises everything: 400 + 600 + 400 + 1000 = 2400, plus 40.
        assertEquals(2380 + 2400 + 40, sim.predictMs(1));
        // Unlimited slots: the critical path 300 + 50 + 1000 = 1350, plus 10.
        assertEquals(2380 + 1350 + 10, sim.predictMs(100));
    }

    @Test
    void moreSlotsNeverPredictALongerRun() {
        SlotSimulator sim = new SlotSimulator(diamond(2));
        long previous = Long.MAX_VALUE;
        for (int slots = 1; slots <= 16; slots++) {
            long predicted = sim.predictMs(slots);
            assertTrue(predicted <= previous, "slots " + slots);
            previous = predicted;
        }
    }

    @Test
    void reportsItsErrorOnEveryCorpusLog() {
        for (String scenario : Corpus.scenarios()) {
            SlotSimulator sim = new SlotSimulator(Corpus.facts(scenario));
            double error = sim.modelError();
            System.out.printf("what-if model error on %s: %.1f%% (observed %d ms, replayed %d ms at %d slots)%n",
                    scenario, error * 100, sim.observedMs(), sim.predictMs(sim.observedSlots()), sim.observedSlots());
            assertTrue(error < 0.35, scenario + " model error " + error);
        }
    }
}
