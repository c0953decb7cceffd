package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.rules.Findings;
import org.junit.jupiter.api.Test;

/** Each metric on a real corpus run, against the manifest's independent figure where it has one. */
class RunMetricsTest {
    private static double value(RunFacts run, String metric) {
        return MetricRef.parse(metric).value(run).orElseThrow(() -> new AssertionError(metric + " not measured"));
    }

    private static double value(String scenario, String metric) {
        return value(Corpus.facts(scenario), metric);
    }

    private static JsonNode expect(String scenario) {
        return Corpus.scenario(scenario).path("expect");
    }

    private static JsonNode expectedStage(String scenario, int stageId) {
        return Findings.expectedStage(scenario, stageId).orElseThrow();
    }

    @Test
    void spilledBytesOfTheRunAndOfAStage() {
        JsonNode totals = expect("spill").path("totals");
        assertEquals(totals.path("memoryBytesSpilled").asLong(), value("spill", "spillBytes"));
        assertEquals(totals.path("diskBytesSpilled").asLong(), value("spill", "diskSpillBytes"));
        JsonNode stage2 = expectedStage("spill", 2);
        assertEquals(stage2.path("memoryBytesSpilled").asLong(), value("spill", "stage[2].spillBytes"));
        assertEquals(stage2.path("diskBytesSpilled").asLong(), value("spill", "stage[2].diskSpillBytes"));
        assertEquals(0, value("healthy", "spillBytes"));
    }

    @Test
    void tasksMedianTaskAndWallTimeOfAStage() {
        JsonNode stage2 = expectedStage("spill", 2);
        assertEquals(stage2.path("tasks").asInt(), value("spill", "stage[2].tasks"));
        assertEquals(stage2.path("taskDurationMedianMs").asLong(), value("spill", "stage[2].medianTaskMs"));
        assertEquals(stage2.path("wallMs").asLong(), value("spill", "stage[2].wallMs"));
    }

    @Test
    void failedAttemptsByCause() {
        int failed = expect("task-failures").path("failedTasks").asInt();
        assertEquals(failed, value("task-failures", "failedTasks"));
        assertEquals(expectedStage("task-failures", 0).path("failedTasks").asInt(), value("task-failures", "stage[0].failedTasks"));
        assertEquals(0, value("task-failures", "outOfMemoryFailures")); // the scenario throws IllegalStateException
        assertEquals(0, value("task-failures", "stage[0].executorLostFailures"));
        RunFacts oom = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "ExceptionFailure", true);
        assertEquals(failed, value(oom, "stage[0].outOfMemoryFailures"));
        RunFacts lost = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "FetchFailed", false);
        assertEquals(failed, value(lost, "executorLostFailures"));
        assertEquals(0, value("healthy", "failedTasks"));
    }

    @Test
    void gcShareOfTheWholeRun() {
        assertEquals(expect("gc-pressure").path("totals").path("gcOverRun").asDouble(), value("gc-pressure", "gcShare"), 0.001);
        assertEquals(expect("healthy").path("totals").path("gcOverRun").asDouble(), value("healthy", "gcShare"), 0.001);
    }

    @Test
    void peakHeapOverTheHeapSetting() {
        long peak = expect("memory-overprovisioned").path("peakJvmHeapBytes").asLong();
        assertEquals((double) peak / (6L << 30), value("memory-overprovisioned", "peakHeapShare"), 1e-9); // spark.driver.memory 6g
        assertEquals((double) expect("gc-pressure").path("peakJvmHeapBytes").asLong() / (512L << 20),
                value("gc-pressure", "peakHeapShare"), 1e-9);
    }

    @Test
    void slotsAndCoresPerHostFollowTheLocalMaster() {
        assertEquals("local[4]", expect("io-bound").path("master").asText());
        assertEquals(4, value("io-bound", "slots"));
        assertEquals(4, value("io-bound", "coresPerHost"));
        assertEquals(2, value("healthy", "coresPerHost"));
        assertEquals(1, value("task-cpus", "slots")); // local[1]
    }

    @Test
    void slotTimeAndIdleShareAreTheSlotAccountingsAndTheIdleSlotsRules() {
        SlotAccounting a = Corpus.facts("too-few-partitions").slots();
        assertEquals(a.slotMs(), value("too-few-partitions", "slotMs"));
        // idle-slots gives way to partition-sizing on this run; its evidence is still computed the same way.
        var idle = io.sparkadvisor.rules.infrastructure.idleslots.IdleSlotsEvidence.of(
                new RunView(Corpus.facts("too-few-partitions")), io.sparkadvisor.rules.thresholds.Thresholds.defaults()).get(0);
        assertEquals(idle.idleShare(), value("too-few-partitions", "idleSlotShare"), 0.001);
    }

    @Test
    void unknownNamesAndMissingStagesAreNotMeasured() {
        assertTrue(MetricRef.parse("stage[0].noSuchMetric").value(Corpus.facts("healthy")).isEmpty());
        assertTrue(MetricRef.parse("noSuchMetric").value(Corpus.facts("healthy")).isEmpty());
        assertTrue(MetricRef.parse("stage[99].spillBytes").value(Corpus.facts("healthy")).isEmpty());
    }

    @Test
    void valuesReadAsBytesDurationsPercentsCountsAndRatios() {
        assertEquals("624.0 MiB", MetricRef.parse("spillBytes").format(654_301_440));
        assertEquals("18.3 s", MetricRef.parse("stage[0].wallMs").format(18_333));
        assertEquals("2.3 min", MetricRef.parse("slotMs").format(136_228));
        assertEquals("76%", MetricRef.parse("idleSlotShare").format(0.761));
        assertEquals("3", MetricRef.parse("stage[0].failedTasks").format(3));
        assertEquals("4", MetricRef.parse("coresPerHost").format(4));
        assertEquals("11x", MetricRef.parse("stage[2].maxToMedian").format(11.2));
    }
}
