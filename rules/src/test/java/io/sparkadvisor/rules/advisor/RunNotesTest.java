package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The log and the cluster reconciled: what disagrees is named, not blended. */
class RunNotesTest {
    private static final LocalDate DAY = LocalDate.of(2026, 12, 5);

    @ParameterizedTest
    @ValueSource(strings = {"skew-spark4", "delta-small-files-spark4"})
    void aSpark4LogReadAgainstDbr154IsNamed(String scenario) {
        RunFacts facts = RuleTesting.withCluster(scenario, "aws-i3-dedicated.json");
        List<RunNotes.Note> notes = RunNotes.of(facts, DAY);
        RunNotes.Note version = notes.stream().filter(n -> n.kind().equals("spark-version")).findFirst()
                .orElseThrow(() -> new AssertionError(scenario + ": no version note in " + notes));
        assertTrue(version.text().contains("Spark " + facts.application().sparkVersion()) && version.text().contains("15.4")
                && version.text().contains("Spark 3.5"), version.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"skew", "delta-small-files", "healthy"})
    void aSpark35LogOnDbr154HasNoVersionNote(String scenario) {
        assertTrue(RunNotes.of(RuleTesting.withCluster(scenario, "aws-i3-dedicated.json"), DAY).stream()
                .noneMatch(n -> n.kind().equals("spark-version")), scenario);
    }

    @Test
    void executorsThatRanMoreSlotsThanTheNodeHasCoresAreNamed() {
        List<RunNotes.Note> notes = RunNotes.of(RuleTesting.withCluster("io-bound-6-slots", "aws-i3-dedicated.json"), DAY);
        assertEquals(List.of("slots"), notes.stream().map(RunNotes.Note::kind).toList());
        assertTrue(notes.get(0).text().contains("6 task slots") && notes.get(0).text().contains("4 cores"), notes.get(0).text());
        assertTrue(RunNotes.of(RuleTesting.withCluster("io-bound", "aws-i3-dedicated.json"), DAY).isEmpty(), "4 slots on 4 cores");
    }

    @ParameterizedTest
    @CsvSource({"spark-rapids-tools/xgboost_eventlog.zstd, 10.4, 2025-03-18", "spark-rapids-tools/db_subExecution_id.zstd, 11.3, 2025-10-19"})
    void aRuntimePastItsEndOfSupportIsNamed(String log, String runtime, String end) {
        RunFacts facts = RunFactsReader.read(ExternalLogs.path(log));
        List<RunNotes.Note> notes = RunNotes.of(facts, DAY);
        assertTrue(notes.stream().anyMatch(n -> n.kind().equals("end-of-support") && n.text().contains("Runtime " + runtime)
                && n.text().contains(end)), notes.toString());
        assertTrue(RunNotes.of(facts, LocalDate.parse(end)).isEmpty(), "still supported on its last day");
    }

    @Test
    void aSupportedRuntimeAndServerlessHaveNoNote() {
        assertTrue(RunNotes.of(RuleTesting.withCluster("healthy", "aws-i3-dedicated.json"), DAY).isEmpty());
        assertTrue(RunNotes.of(RuleTesting.withCluster("skew-spark4", "serverless.json"), DAY).isEmpty(),
                "serverless is versioned by its environment, not by a runtime line");
    }
}
