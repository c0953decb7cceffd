package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;

import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The central severity cap: a saving is medium from general.minSavedShare of the run and high from general.highAppShare,
 * in a measure where it also reaches that measure's absolute floor; a reliability finding (one with a risk) keeps its
 * rule's severity. Each boundary is tested on both sides.
 */
class StakeTest {
    private static final Thresholds T = Thresholds.defaults();
    /** A 100 s run that paid for 10 core-hours and cost 4 dollars. */
    private static final Stake RUN = new Stake(100_000, 10, 4);

    @Test
    void runTimeCountsFromBothItsShareAndItsFloor() {
        assertEquals(Severity.LOW, RUN.cap(new Savings(4_999, 0), T), "under 5% of the run");
        assertEquals(Severity.MEDIUM, RUN.cap(new Savings(5_000, 0), T), "5% of the run, over 2 s");
        assertEquals(Severity.MEDIUM, RUN.cap(new Savings(24_999, 0), T));
        assertEquals(Severity.HIGH, RUN.cap(new Savings(25_000, 0), T), "a quarter of the run");
        Stake shortRun = new Stake(3_000, 0.01, 0);
        assertEquals(Severity.LOW, shortRun.cap(new Savings(1_999, 0), T), "two thirds of a 3 s run, but under 2 s");
        assertEquals(Severity.HIGH, shortRun.cap(new Savings(2_000, 0), T), "2 s: the absolute floor is reached");
    }

    @Test
    void coreHoursAndDollarsAreJudgedInTheirOwnMeasure() {
        assertEquals(Severity.LOW, RUN.cap(new Savings(0, 0.249), T), "2.5% of the core-hours and under the floor");
        assertEquals(Severity.MEDIUM, RUN.cap(new Savings(0, 0.5), T), "5% of the run's core-hours, over 0.25");
        assertEquals(Severity.HIGH, RUN.cap(new Savings(0, 2.5), T));
        Stake small = new Stake(100_000, 0.2, 0.1);
        assertEquals(Severity.LOW, small.cap(new Savings(0, 0.2), T), "the whole run, but under a quarter core-hour");
        assertEquals(Severity.LOW, RUN.cap(Savings.ofNodes(0, 0.24), T), "6% of the cost, under a quarter dollar");
        assertEquals(Severity.MEDIUM, RUN.cap(Savings.ofNodes(0, 0.25), T));
        assertEquals(Severity.HIGH, RUN.cap(Savings.ofNodes(0, 1), T));
        assertEquals(Severity.LOW, new Stake(100_000, 10, 0).cap(Savings.ofNodes(0, 1), T), "no known cost: no share to judge");
    }

    @Test
    void theLargestShareAmongTheMeasuresThatCountSetsTheCap() {
        assertEquals(Severity.HIGH, RUN.cap(new Savings(1_000, 3), T), "1 s is under its floor; 3 core-hours are 30%");
        assertEquals(Severity.MEDIUM, RUN.cap(new Savings(10_000, 0.1), T), "10% of the time; 0.1 core-hours do not count");
        assertEquals(Severity.LOW, RUN.cap(Savings.NONE, T));
    }

    @Test
    void theThresholdsAreSetByTheirKeys() {
        Thresholds t = Thresholds.withOverrides(Map.of("general.minSavedShare", "0.01", "general.minSavedMs", "100"));
        assertEquals(Severity.MEDIUM, RUN.cap(new Savings(1_000, 0), t));
        assertEquals(Severity.MEDIUM, RUN.cap(Savings.ofNodes(0, 0.2),
                Thresholds.withOverrides(Map.of("memory-overprovisioned.minSavedDollarsPerRun", "0.1"))),
                "memory-overprovisioned's dollar floor, now every finding's, keeps its old key");
    }

    @Test
    void anAlwaysOnQuerysSavingIsAShareOfTheClusterAndCountsFromAWeeklyFloor() {
        // a query the log saw for 6 minutes on 1 slot of a cluster at $4 an hour: what it saves recurs every hour
        Stake stream = new Stake(400_000, 0.1, 0.4, 0.1);
        assertEquals(Severity.LOW, stream.cap(new Savings(0, 0.02), T), "20% of the cluster's time, but 34 core-hours a week");
        assertEquals(Severity.MEDIUM, stream.cap(new Savings(0, 0.024), T), "24%, 40.3 core-hours a week");
        assertEquals(Severity.HIGH, stream.cap(new Savings(0, 0.03), T), "30%, 50 core-hours a week");
        assertEquals(Severity.LOW, stream.cap(Savings.ofNodes(0, 0.02), T), "5% of its cost, but $34 a week");
        assertEquals(Severity.MEDIUM, stream.cap(Savings.ofNodes(0, 0.03), T), "7.5% of its cost, $50 a week");
        assertEquals(Severity.LOW, new Stake(400_000, 0.1, 0.4).cap(new Savings(0, 0.03), T),
                "the same saving on a batch run of 0.1 core-hours is under the quarter core-hour a run");
        assertEquals(Severity.LOW, stream.cap(new Savings(0, 0.03),
                Thresholds.withOverrides(Map.of("general.minSavedCoreHoursPerWeek", "51"))), "the weekly floor is set by its key");
    }

    @Test
    void aStreamingRunIsStakedOnItsAlwaysOnQueryAndABatchRunAsBefore() {
        RunFacts wordCount = RuleTesting.realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915");
        Stake stream = Stake.of(new RunView(wordCount));
        assertTrue(stream.alwaysOnHours() > 0 && stream.alwaysOnHours() < 0.01, "seconds of batches: " + stream.alwaysOnHours());
        assertEquals(4 * stream.alwaysOnHours(), stream.runCoreHours(), 1e-9, "its 4 slots over the hours the log saw it");
        assertEquals(0, Stake.of(new RunView(Corpus.facts("healthy"))).alwaysOnHours(), "a batch run");
    }

    @Test
    void aScheduledAvailableNowRunIsStakedAsABatchRunNotPerWeek() {
        RunFacts scheduled = Corpus.streamingFacts("stream-available-now");
        Stake stake = Stake.of(new RunView(scheduled));
        assertEquals(0, stake.alwaysOnHours(), "its query ended by itself after its backlog: not always on");
        assertEquals(new RunView(scheduled).appDurationMs(), stake.runMs());
        assertTrue(stake.runCoreHours() > 0, "its slots over its own wall time");
    }

    @Test
    void theJobsSettingsDecideWhetherAStreamingRunIsStakedPerWeek() {
        RunFacts kafka = Corpus.streamingFacts("stream-kafka-2-partitions");
        assertTrue(Stake.of(new RunView(kafka)).alwaysOnHours() > 0, "no settings: the log's trigger says always on");
        for (JobRunMode scheduled : List.of(JobRunMode.SCHEDULED, JobRunMode.TRIGGERED)) {
            RunView run = new RunView(kafka.withJobRunMode(Optional.of(scheduled)));
            Stake stake = Stake.of(run);
            assertEquals(0, stake.alwaysOnHours(), scheduled + ": a run of a job on a schedule is staked per run");
            assertEquals(run.appDurationMs(), stake.runMs());
            assertTrue(stake.runCoreHours() > 0);
        }
        RunFacts availableNow = Corpus.streamingFacts("stream-available-now");
        assertTrue(Stake.of(new RunView(availableNow.withJobRunMode(Optional.of(JobRunMode.CONTINUOUS)))).alwaysOnHours() > 0,
                "a continuous job is always on even where its batches ran back to back and ended");
    }

    @Test
    void aReliabilityFindingKeepsItsSeverityAndSaysWhy() {
        Finding cost = finding(Severity.HIGH, new Savings(44, 0), "");
        Finding risk = finding(Severity.HIGH, new Savings(44, 0), "An attempt of stage 3 failed.");
        assertEquals(Severity.LOW, RUN.judge(cost, T).severity());
        assertEquals(Severity.HIGH, RUN.judge(risk, T).severity());
        assertEquals(Severity.LOW, RUN.judge(finding(Severity.LOW, new Savings(50_000, 0), ""), T).severity(),
                "the stake caps; it never raises what the rule's ladder proposed");
    }

    private static Finding finding(Severity s, Savings savings, String risk) {
        return new Finding("r", Layer.EXECUTION, s, "t", List.of(), Map.of(), new Recommendation("s", List.of(), List.of(), "p", "e"),
                savings, risk);
    }
}
