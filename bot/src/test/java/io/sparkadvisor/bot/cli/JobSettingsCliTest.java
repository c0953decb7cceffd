package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --job-settings}: the real file-source query that mostly idles (corpus stream-idle-files) is an
 * always-on query to the log; the job's settings say whether it is.
 */
class JobSettingsCliTest {
    @TempDir
    Path dir;

    private CliTest.Result analyze(String settings) throws IOException {
        Path file = Files.writeString(dir.resolve("job.json"), settings);
        return CliTest.run("analyze", Corpus.streamingDir().resolve("stream-idle-files.log.gz").toString(), "--job-settings",
                file.toString());
    }

    @Test
    void aJobOnAScheduleIsNotAnIdleAlwaysOnOne() throws IOException {
        CliTest.Result scheduled = analyze("{\"name\":\"landing\",\"schedule\":{\"quartz_cron_expression\":\"0 0 * * * ?\"}}");
        assertEquals(0, scheduled.code(), scheduled.err());
        assertFalse(scheduled.out().contains("rule idle-always-on"), scheduled.out());

        CliTest.Result continuous = analyze("{\"name\":\"landing\",\"continuous\":{\"pause_status\":\"UNPAUSED\"}}");
        assertEquals(0, continuous.code(), continuous.err());
        assertTrue(continuous.out().contains("rule idle-always-on") && continuous.out().contains("The job runs continuously"),
                continuous.out());
    }

    @Test
    void settingsThatAreNotAJsonObjectAreOneLineAndExitTwo() throws IOException {
        CliTest.Result r = analyze("[\"schedule\"]");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("is not a JSON object; pass the \"settings\" object of `databricks jobs get <job-id>`"), r.err());
    }
}
