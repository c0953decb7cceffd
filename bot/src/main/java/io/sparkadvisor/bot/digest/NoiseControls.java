package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.store.Subscription;
import io.sparkadvisor.templates.digest.DigestReport;
import java.math.BigDecimal;
import java.util.Optional;

/** When a digest is not worth posting: a cheap week, or (if asked) a week that cost no more than the one before. */
public record NoiseControls(BigDecimal minWeeklyCost, boolean onlyOnIncrease) {
    public static NoiseControls of(DigestConfig config) {
        return new NoiseControls(config.minWeeklyCost(), config.onlyOnIncrease());
    }

    /** The subscription's own settings win over the config file's. */
    public NoiseControls overriddenBy(Subscription s) {
        return new NoiseControls(Optional.ofNullable(s.minWeeklyCost()).orElse(minWeeklyCost),
                Optional.ofNullable(s.onlyOnIncrease()).orElse(onlyOnIncrease));
    }

    /** Empty when the digest should be posted; else why not, in a sentence. */
    public Optional<String> silences(DigestReport report) {
        if (report.total().compareTo(minWeeklyCost) < 0) {
            return Optional.of("the week cost " + report.total().toPlainString() + " " + report.currency() + ", under the minimum of "
                    + minWeeklyCost.toPlainString());
        }
        if (onlyOnIncrease && report.total().compareTo(report.previousTotal()) <= 0) {
            return Optional.of("the week cost no more than the week before, and only increases are posted");
        }
        return Optional.empty();
    }
}
