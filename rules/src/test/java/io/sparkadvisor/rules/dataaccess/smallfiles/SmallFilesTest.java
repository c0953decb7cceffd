package io.sparkadvisor.rules.dataaccess.smallfiles;

import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.finding;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.number;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.sqlMetric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SmallFilesTest {
    private static final String RULE = SmallFilesRule.ID;

    @Test
    void fourThousandTinyJsonFilesPackThirtyTwoToATask() {
        Finding f = finding("small-files", RULE).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0);
        long files = sqlMetric("small-files", "Scan json / number of files read");
        long bytes = sqlMetric("small-files", "Scan json / size of files read");
        assertEquals(4000, files);
        assertEquals(files, number(f, "files"));
        assertEquals(bytes, number(f, "bytesRead"));
        assertEquals(bytes / files, number(f, "avgFileBytes"));
        assertEquals(4L << 20, number(f, "openCostInBytes"));
        assertEquals(128L << 20, number(f, "splitBytes"));
        // (128 MB + 4 MB) / (182 B + 4 MB) = 32 files a task; 4000 / 32 = 125 tasks, as Spark ran them
        assertEquals(32, number(f, "filesPerTask"));
        assertEquals(125, number(f, "tasksCreated"));
        assertEquals(125, number(f, "tasksObserved"));
        assertEquals(1, number(f, "compactedFiles"));
        assertEquals(1, number(f, "tasksIfCompacted"));
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
        assertTrue(f.recommendation().steps().get(1).changes().get(0).value().contains("repartition(1)"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"healthy", "large-files-default", "broad-listing", "overread"})
    void silentOnFewOrLargeFiles(String scenario) {
        assertTrue(finding(scenario, RULE).isEmpty());
    }

    @Test
    void raisingTheFileFloorSilencesIt() {
        assertTrue(finding("small-files", RULE, Map.of("small-files.minFiles", "5000")).isEmpty());
    }

    @Test
    void theOldKeyOfTheFileFloorStillWorks() {
        assertTrue(finding("small-files", RULE, Map.of("smallFiles.minFiles", "5000")).isEmpty());
    }

    @Test
    void compactionArithmetic() {
        long mb = FileSplits.MB;
        var e = SmallFilesEvidence.of(List.of(1), "s3://b/t", "Parquet", "parquet", 10_000, 10_000L * 12 * 1024, 313,
                60_000, 30_000, 8, new FileSplits(128 * mb, 4 * mb, 8), 100_000, 128 * mb, PredictiveOptimization.NONE);
        assertEquals(32, e.filesPerTask());
        assertEquals(313, e.tasksCreated());
        // 117 MB in 128 MB files: one file, which Spark splits over the 8 slots (minPartitionNum)
        assertEquals(1, e.compactedFiles());
        assertEquals(8, e.tasksIfCompacted());
        assertEquals(60_000 * (1 - 8 / 313.0), e.savedTaskMs(), 1);
    }

    /** A Delta table's files are Parquet to the scan; rewriting them by path would orphan its transaction log. */
    @Test
    void onTheRealDeltaTableOfTinyFilesItsStepsGoThroughDeltaNeverAFolderRewrite() {
        // delta-small-files: delta-spark wrote the table as 4,000 tiny files; small-files gives way to delta-file-layout
        // there, but its own remedy for that scan is Delta SQL for people too.
        var scans = SmallFilesEvidence.of(new RunView(Corpus.facts("delta-small-files")), Thresholds.defaults()).stream()
                .filter(e -> e.tableFormat().equals("delta")).toList();
        assertFalse(scans.isEmpty());
        for (SmallFilesEvidence e : scans) {
            var changes = SmallFilesAdvice.remedy(e, null, Thresholds.defaults()).recommendation().steps().stream()
                    .flatMap(s -> s.changes().stream()).toList();
            assertTrue(changes.stream().allMatch(c -> c.scope().equals("table") && !c.applicable()), changes.toString());
            assertTrue(changes.get(0).value().startsWith("OPTIMIZE "), changes.toString());
            assertTrue(changes.stream().noneMatch(c -> c.value().contains("save(") || c.value().contains("parquet")), changes.toString());
        }
    }

    @Test
    void onADeltaTableEveryStepGoesThroughDelta() {
        long mb = FileSplits.MB;
        var e = SmallFilesEvidence.of(List.of(1), "s3://b/t", "Parquet", "delta", 10_000, 10_000L * 12 * 1024, 313,
                60_000, 30_000, 8, new FileSplits(128 * mb, 4 * mb, 8), 100_000, 128 * mb, PredictiveOptimization.NONE);
        var steps = SmallFilesAdvice.remedy(e, null, Thresholds.defaults()).recommendation().steps();
        assertEquals(List.of("table", "table"), steps.stream().map(s -> s.changes().get(0).scope()).toList());
        assertEquals("OPTIMIZE delta.`s3://b/t`", steps.get(0).changes().get(0).value());
        steps.forEach(s -> assertFalse(s.changes().get(0).value().contains("save("), s.toString()));
    }
}
