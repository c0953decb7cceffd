package io.sparkadvisor.databricks.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emulator serves run 1001's cluster with the corpus's healthy log as Databricks delivers it
 * (two rolled .gz parts and the live {@code eventlog}) over DBFS: the second read of the run's facts
 * reads no log, and anything that could make the kept facts wrong reads the log again.
 */
class LogFactsCacheTest {
    private static final String CONTEXT = "dbfs/cluster-logs/0923-job-main/eventlog/0923-job-main_10_0_0_1/111/";
    private static final String ROLLED = CONTEXT + "eventlog-2026-12-03--06-00.gz";

    @TempDir
    Path cacheDir;

    WorkspaceEmulator emulator;
    Workspace workspace;

    @BeforeEach
    void start() throws IOException {
        emulator = WorkspaceEmulator.startWithSample();
        Path context = emulator.root().resolve(CONTEXT);
        try (var old = Files.list(context)) {
            for (Path p : old.toList()) {
                Files.delete(p);
            }
        }
        try (var parts = Files.list(Corpus.dir().resolve("layouts/databricks"))) {
            for (Path p : parts.toList()) {
                emulator.putFile(CONTEXT + p.getFileName(), p);
            }
        }
        workspace = Workspaces.connect(emulator.client(), null, FactsCache.in(cacheDir, 64L << 20));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void theSecondReadOfACompletedRunReadsNoLogAndGivesEqualFacts() {
        RunFacts first = facts(1001);
        assertTrue(logReads() > 0);
        assertTrue(first.coverage().complete() && first.coverage().tasks() > 0, first.coverage().toString());

        emulator.clearRequests();
        RunFacts second = facts(1001);
        assertEquals(0, logReads(), "no dbfs/read the second time");
        assertEquals(first, second);
    }

    @Test
    void aPartDeliveredAgainWithAnotherSizeIsReadAgain() throws IOException {
        RunFacts first = facts(1001);
        regzip(emulator.root().resolve(ROLLED));

        emulator.clearRequests();
        RunFacts again = facts(1001);
        assertTrue(logReads() > 0, "the changed part's size makes the kept facts a miss");
        assertEquals(first, again, "the same events, so the same facts");
    }

    @Test
    void aLogCutShortIsNotKept() {
        emulator.truncate("dbfs:/" + CONTEXT.substring("dbfs/".length()) + "eventlog", 20_000);
        RunFacts cut = facts(1001);
        assertTrue(cut.coverage().truncated() || !cut.coverage().complete(), cut.coverage().toString());

        emulator.clearRequests();
        facts(1001);
        assertTrue(logReads() > 0, "read again: the rest may be delivered since");
    }

    @Test
    void aRunStillRunningIsNotKept() {
        emulator.putJson("runs/1001.json", readRun().replace("\"TERMINATED\"", "\"RUNNING\"").replace("\"SUCCESS\"", "\"\""));
        facts(1001);

        emulator.clearRequests();
        facts(1001);
        assertTrue(logReads() > 0, "its log is still growing");
    }

    @Test
    void withoutACacheEveryReadReadsTheLog() {
        Workspace uncached = Workspaces.connect(emulator.client(), null);
        RunTelemetry run = uncached.fetch(new RunRef(1001, 7L, null));
        uncached.facts(run, run.clusters().get(0), bytes -> {});
        emulator.clearRequests();
        uncached.facts(run, run.clusters().get(0), bytes -> {});
        assertTrue(logReads() > 0);
    }

    private RunFacts facts(long runId) {
        RunTelemetry run = workspace.fetch(new RunRef(runId, 7L, null));
        return workspace.facts(run, run.clusters().get(0), bytes -> {});
    }

    private long logReads() {
        return emulator.requests("GET", "/api/2.0/dbfs/read").size();
    }

    private String readRun() {
        try {
            return Files.readString(emulator.root().resolve("runs/1001.json"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same bytes compressed again at another level, as a second delivery of the file would differ. */
    private static void regzip(Path file) throws IOException {
        byte[] plain;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            plain = in.readAllBytes();
        }
        long before = Files.size(file);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file)) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }) {
            out.write(plain);
        }
        assertTrue(Files.size(file) != before, "another size");
    }
}
