package io.sparkadvisor.knowledge.eventlog;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * The parts of a delivered, still growing log that a window of its last hours needs, chosen by name alone, so the
 * parts before the window are never opened. Databricks names each rolled part {@code eventlog-<yyyy-MM-dd--HH-mm>.gz}
 * (UTC) by when it starts; a part ends where the next one starts, so a rolled part is skipped when the next part starts
 * before the window does. Always read: the first part (the application's start, environment and first executors), the
 * last rolled part (the live {@code eventlog} that follows it carries no time in its name) and every part whose name
 * carries no time (the live {@code eventlog}, another layout). Should a name be the time a part was rolled rather than
 * started, the next part's time still bounds its end from above, so no part with events in the window is skipped.
 *
 * @param read        the parts to read, in reading order
 * @param skipped     how many parts were left unopened
 * @param fromMs      the window's start, epoch ms
 * @param toMs        the window's end (when it was asked), epoch ms
 */
public record DeliveredWindow(List<LogPart> read, int skipped, long fromMs, long toMs) {
    private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd--HH-mm");

    public DeliveredWindow {
        read = List.copyOf(read);
    }

    /** {@code parts} in reading order (rolled parts by time, then the live one), as {@link LocalLogParts} and log delivery list them. */
    public static DeliveredWindow of(List<LogPart> parts, Instant to, Duration length) {
        long from = to.minus(length).toEpochMilli();
        List<LogPart> read = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            Optional<Long> nextStart = i + 1 < parts.size() ? start(parts.get(i + 1)) : Optional.empty();
            boolean rolledBeforeWindow = start(parts.get(i)).isPresent() && nextStart.filter(next -> next <= from).isPresent();
            if (i == 0 || !rolledBeforeWindow) {
                read.add(parts.get(i));
            }
        }
        return new DeliveredWindow(read, parts.size() - read.size(), from, to.toEpochMilli());
    }

    /**
     * Where the read resumes after the parts it skipped: the start of the first part read after the first one; -1 when
     * nothing was skipped (the log is read whole).
     */
    public long judgedFromMs() {
        return skipped == 0 ? -1 : start(read.get(1)).orElse(-1L);
    }

    /** When a rolled part starts, from its name; empty for a name without a time (or not a real one: such a part is read). */
    static Optional<Long> start(LogPart part) {
        Matcher m = LocalLogParts.ROLLED_DATABRICKS.matcher(part.name());
        try {
            return m.matches() ? Optional.of(LocalDateTime.parse(m.group(1), NAME_TIME).toInstant(ZoneOffset.UTC).toEpochMilli())
                    : Optional.empty();
        } catch (DateTimeParseException notATime) {
            return Optional.empty();
        }
    }
}
