package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * A channel's weekly digest: its schedule as typed ("mon 09:00 Europe/Berlin"), noise controls that
 * override the config file's (null: the file's), who subscribed, and the last week it was sent for.
 */
public record Subscription(String channel, String schedule, BigDecimal minWeeklyCost, Boolean onlyOnIncrease, String subscribedBy,
        Instant subscribedAt, LocalDate lastWeek) {
}
