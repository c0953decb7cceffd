package io.sparkadvisor.knowledge;

import io.sparkadvisor.knowledge.derive.FactsBuilder;
import io.sparkadvisor.knowledge.eventlog.DeliveredWindow;
import io.sparkadvisor.knowledge.eventlog.EventLogReader;
import io.sparkadvisor.knowledge.eventlog.LocalLogParts;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import io.sparkadvisor.knowledge.eventlog.ReadStats;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/** From an event log, wherever it is stored, to {@link RunFacts}, in one streaming pass. */
public final class RunFactsReader {
    private RunFactsReader() {}

    public static RunFacts read(Path fileOrFolder) {
        return read(LocalLogParts.of(fileOrFolder), bytes -> {});
    }

    public static RunFacts read(List<LogPart> parts, LongConsumer progress) {
        FactsBuilder builder = new FactsBuilder();
        ReadStats stats = EventLogReader.read(parts, builder, progress);
        return builder.build(stats);
    }

    /** The window's parts only; the coverage says which window, how many parts were left unopened, and whether the log was still running. */
    public static RunFacts read(DeliveredWindow window, LongConsumer progress) {
        FactsBuilder builder = new FactsBuilder(window.judgedFromMs());
        RunFacts facts = builder.build(EventLogReader.read(window.read(), builder, progress));
        Coverage read = facts.coverage();
        boolean running = read.missing().contains(Coverage.APPLICATION_END);
        return facts.withCoverage(read.withWindow(new Coverage.Window(window.fromMs(), window.toMs(), window.read().size(),
                window.skipped(), running, builder.applicationStartMs())));
    }
}
