package io.sparkadvisor.bot.digest;

import io.sparkadvisor.templates.replies.DigestReply;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.time.temporal.TemporalAdjusters;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a channel gets its digest: a day of the week and a wall-clock time in a time zone, such as
 * "mon 09:00 Europe/Berlin". Times are local, so 09:00 stays 09:00 across daylight-saving changes;
 * a time skipped by a spring-forward gap moves forward by the gap, and a repeated one takes its
 * first occurrence.
 */
public record DigestSchedule(DayOfWeek day, LocalTime time, ZoneId zone) {
    private static final Pattern FORM = Pattern.compile("(?i)(\\p{Alpha}+)\\s+(\\d{1,2}):(\\d{2})(?:\\s+(\\S+))?");

    /** "mon 09:00", "monday 9:00 Europe/Berlin"; the zone defaults to UTC. */
    public static DigestSchedule parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(DigestReply.NOT_A_SCHEDULE.text("text", text));
        }
        String day = m.group(1).toLowerCase(Locale.ROOT);
        DayOfWeek dayOfWeek = Arrays.stream(DayOfWeek.values()).filter(d -> day.length() >= 3
                && d.name().toLowerCase(Locale.ROOT).startsWith(day)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(DigestReply.NOT_A_DAY.text("day", m.group(1))));
        try {
            return new DigestSchedule(dayOfWeek, LocalTime.of(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))),
                    m.group(4) == null ? ZoneId.of("UTC") : ZoneId.of(m.group(4)));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(DigestReply.BAD_TIME.text("text", text, "reason", e.getMessage()));
        }
    }

    /** The first digest strictly after {@code instant}. */
    public Instant nextAfter(Instant instant) {
        LocalDate today = instant.atZone(zone).toLocalDate();
        LocalDate date = today.with(TemporalAdjusters.nextOrSame(day));
        ZonedDateTime next = ZonedDateTime.of(date, time, zone);
        if (!next.toInstant().isAfter(instant)) {
            next = ZonedDateTime.of(date.plusWeeks(1), time, zone);
        }
        return next.toInstant();
    }

    /** The last digest time at or before {@code instant}: the one a digest sent late stands for. */
    public Instant lastAtOrBefore(Instant instant) {
        LocalDate date = instant.atZone(zone).toLocalDate().with(TemporalAdjusters.previousOrSame(day));
        ZonedDateTime last = ZonedDateTime.of(date, time, zone);
        return last.toInstant().isAfter(instant) ? ZonedDateTime.of(date.minusWeeks(1), time, zone).toInstant() : last.toInstant();
    }

    /** The week a digest sent at {@code sentAt} is about: the seven days before its local date. */
    public LocalDate weekStartFor(Instant sentAt) {
        return sentAt.atZone(zone).toLocalDate().minusDays(7);
    }

    @Override
    public String toString() {
        return day.getDisplayName(TextStyle.SHORT, Locale.ROOT).toLowerCase(Locale.ROOT) + " " + time + " " + zone.getId();
    }
}
