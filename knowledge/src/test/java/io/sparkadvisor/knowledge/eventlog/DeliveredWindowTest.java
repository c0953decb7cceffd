package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A running log's window: the parts before it are chosen by name and never opened; the first part always is. */
class DeliveredWindowTest {
    private static final Instant NOW = Instant.parse("2026-12-05T14:10:00Z");
    private static final Duration SIX_HOURS = Duration.ofHours(6);

    @TempDir
    Path folder;

    @Test
    void aRolledPartIsSkippedWhenTheNextOneStartsBeforeTheWindow() {
        List<LogPart> parts = named("eventlog-2026-12-02--10-00.gz", "eventlog-2026-12-02--11-00.gz",
                "eventlog-2026-12-05--07-00.gz", "eventlog-2026-12-05--08-00.gz", "eventlog-2026-12-05--08-10.gz",
                "eventlog-2026-12-05--09-00.gz", "eventlog");
        DeliveredWindow window = DeliveredWindow.of(parts, NOW, SIX_HOURS);
        // the window opens at 08-10: 11-00 ends at 07-00, 07-00 at 08-00 and 08-00 at 08-10, all skipped; 08-10 is read
        assertEquals(List.of("eventlog-2026-12-02--10-00.gz", "eventlog-2026-12-05--08-10.gz",
                "eventlog-2026-12-05--09-00.gz", "eventlog"), window.read().stream().map(LogPart::name).toList());
        assertEquals(3, window.skipped());
        assertEquals(Instant.parse("2026-12-05T08:10:00Z").toEpochMilli(), window.fromMs());
        assertEquals(NOW.toEpochMilli(), window.toMs());
    }

    @Test
    void theLastRolledPartAndPartsWithoutATimeAreAlwaysRead() {
        List<LogPart> parts = named("eventlog-2026-11-01--10-00.gz", "eventlog-2026-11-01--11-00.gz", "eventlog");
        assertEquals(3, DeliveredWindow.of(parts, NOW, SIX_HOURS).read().size(), "11-00's end is the live part's start, unknown");
        List<LogPart> spark = named("events_1_app-1.zstd", "events_2_app-1.zstd", "events_3_app-1.zstd");
        assertEquals(0, DeliveredWindow.of(spark, NOW, SIX_HOURS).skipped(), "Spark's own rolled parts carry no time");
        List<LogPart> odd = named("eventlog-2026-11-01--10-00.gz", "eventlog-2026-11-01--99-00.gz", "eventlog-2026-11-01--12-00.gz",
                "eventlog");
        assertEquals(4, DeliveredWindow.of(odd, NOW, SIX_HOURS).read().size(), "a name whose time is no time is read, not refused");
    }

    @Test
    void aLogOfDaysIsReadForItsWindowWithoutOpeningOlderParts() throws Exception {
        DeliveredDays.Layout days = DeliveredDays.write(live(), folder.resolve("days"), NOW, Duration.ofHours(76), SIX_HOURS, 1);
        CountedPart.Counts counts = new CountedPart.Counts();
        List<LogPart> parts = CountedPart.all(LocalLogParts.of(days.folder()), counts);

        RunFacts facts = RunFactsReader.read(DeliveredWindow.of(parts, NOW, SIX_HOURS), bytes -> { });

        assertEquals(3 + days.fillers(), parts.size());
        assertTrue(days.fillers() >= 60, "hourly parts over three days: " + days.fillers());
        assertEquals(Set.of(parts.get(0).name(), parts.get(parts.size() - 2).name(), "eventlog"), counts.opened());
        assertEquals(days.windowBytes() + Files.size(days.parts().get(0)), counts.bytes(), "the window's bytes and the first part's");
        Coverage.Window window = facts.coverage().window().orElseThrow();
        long started = NOW.minus(Duration.ofHours(76)).toEpochMilli();
        assertEquals(new Coverage.Window(NOW.minus(SIX_HOURS).toEpochMilli(), NOW.toEpochMilli(), 3, days.fillers(), true, started),
                window, "the application's start from the first part");
        // the real events were re-timed to end two minutes before now, 5.2 minutes after they began
        Instant judgedFrom = Instant.ofEpochMilli(facts.application().startMs());
        assertTrue(judgedFrom.isAfter(NOW.minus(Duration.ofMinutes(8))) && judgedFrom.isBefore(NOW.minus(Duration.ofMinutes(2))),
                "measured from the window's first task, not the application's start days before: " + judgedFrom);
        RunFacts whole = Corpus.streamingFacts("stream-live-databricks");
        assertEquals(whole.slots().idleSlotMs() / (double) whole.slots().slotMs(), facts.slots().idleSlotMs() / (double) facts.slots().slotMs(),
                0.05, "idle as in the real log, not the unread days': " + facts.slots());
        assertEquals(whole.streaming().get(0).totals().batches(), facts.streaming().get(0).totals().batches(),
                "the window holds the real log's batches once, no filler's");
        assertEquals(whole.streaming().get(0).name(), facts.streaming().get(0).name());
    }

    @Test
    void aFinishedLogIsNotCalledRunning() {
        Path log = Corpus.streamingDir().resolve("stream-long.log.gz");
        RunFacts facts = RunFactsReader.read(DeliveredWindow.of(LocalLogParts.of(log), NOW, SIX_HOURS), bytes -> { });
        assertFalse(facts.coverage().window().orElseThrow().running());
        assertTrue(RunFactsReader.read(log).coverage().window().isEmpty(), "a whole read has no window");
    }

    private static Path live() {
        return Corpus.streamingDir().resolve(Corpus.streamingScenario("stream-live-databricks").path("file").asText());
    }

    private static List<LogPart> named(String... names) {
        return java.util.Arrays.stream(names).<LogPart>map(n -> new LogPart() {
            @Override
            public String name() {
                return n;
            }

            @Override
            public long size() {
                return 1;
            }

            @Override
            public InputStream open() {
                throw new AssertionError(n + " opened");
            }
        }).toList();
    }
}
