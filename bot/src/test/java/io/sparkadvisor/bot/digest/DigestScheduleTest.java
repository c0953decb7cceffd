package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class DigestScheduleTest {
    @Test
    void nineInTheMorningInBerlinStaysNineAcrossTheDaylightSavingChanges() {
        DigestSchedule sunday = DigestSchedule.parse("sun 09:00 Europe/Berlin");
        // Summer time ends on Sunday 25 October 2026 at 03:00 CEST: 09:00 is 07:00 UTC before, 08:00 UTC that day.
        Instant before = sunday.nextAfter(Instant.parse("2026-10-17T00:00:00Z"));
        assertEquals(Instant.parse("2026-10-18T07:00:00Z"), before);
        assertEquals(Instant.parse("2026-10-25T08:00:00Z"), sunday.nextAfter(before));
        // Summer time starts on Sunday 29 March 2026.
        assertEquals(Instant.parse("2026-03-29T07:00:00Z"), sunday.nextAfter(Instant.parse("2026-03-22T08:00:00Z")));
    }

    @Test
    void aTimeInTheSpringGapMovesForwardAndARepeatedOneTakesItsFirstOccurrence() {
        assertEquals(Instant.parse("2026-03-29T01:30:00Z"), DigestSchedule.parse("sun 02:30 Europe/Berlin")
                .nextAfter(Instant.parse("2026-03-28T00:00:00Z")), "03:30 CEST");
        assertEquals(Instant.parse("2026-10-25T00:30:00Z"), DigestSchedule.parse("sun 02:30 Europe/Berlin")
                .nextAfter(Instant.parse("2026-10-24T00:00:00Z")), "02:30 CEST, the first of the two");
    }

    @Test
    void theNextDigestIsStrictlyAfterAndAboutTheSevenDaysBefore() {
        DigestSchedule monday = DigestSchedule.parse("Monday 9:00");
        assertEquals("mon 09:00 UTC", monday.toString());
        Instant at = Instant.parse("2026-11-30T09:00:00Z");
        assertEquals(at.plusSeconds(7 * 86_400), monday.nextAfter(at));
        assertEquals(at, monday.nextAfter(at.minusSeconds(1)));
        assertEquals(LocalDate.parse("2026-11-23"), monday.weekStartFor(at));
    }

    @Test
    void aLateDigestStandsForTheLatestScheduledTimeBeforeItEvenAcrossSummerTime() {
        DigestSchedule monday = DigestSchedule.parse("mon 09:00 Europe/Berlin");
        assertEquals(Instant.parse("2026-10-26T08:00:00Z"), monday.lastAtOrBefore(Instant.parse("2026-10-28T12:00:00Z")), "09:00 CET");
        assertEquals(Instant.parse("2026-10-19T07:00:00Z"), monday.lastAtOrBefore(Instant.parse("2026-10-26T07:59:59Z")), "09:00 CEST");
        assertEquals(Instant.parse("2026-10-26T08:00:00Z"), monday.lastAtOrBefore(Instant.parse("2026-10-26T08:00:00Z")), "on time");
    }

    @Test
    void badSchedulesAreExplained() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DigestSchedule.parse("someday")).getMessage()
                .contains("e.g. \"mon 09:00 Europe/Berlin\""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DigestSchedule.parse("mon 09:00 Mars/Olympus")).getMessage()
                .contains("a time zone is a region such as Europe/Berlin"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DigestSchedule.parse("mon 25:00")).getMessage()
                .contains("not a schedule"));
    }
}
