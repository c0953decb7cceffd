package io.sparkadvisor.bot.config;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The {@code digest:} section of the config file. Noise controls: no digest is posted for a week
 * under {@code minWeeklyCost}, nor, with {@code onlyOnIncrease}, for a week that cost no more than
 * the one before (a subscription may override both). Estimates, used where the billing tables
 * cannot be read: node-hours of each run's job clusters times {@code dbuRates} (DBUs per node-hour
 * by node type, {@code defaultDbuRate} for others) times {@code dbuPrice} per DBU. A channel shared
 * across the workspaces of an Enterprise Grid organisation gets the digest only with
 * {@code orgSharedChannels} (one shared with another organisation never does). The billing tables
 * hold the whole account's usage: {@code billingScope} {@code workspace} keeps the digest to this
 * workspace and reads no billing when its id cannot be known; {@code account} reports every
 * workspace of the account.
 * <pre>digest:
 *   schedule: "mon 09:00 Europe/Berlin"
 *   minWeeklyCost: 50
 *   onlyOnIncrease: false
 *   topJobs: 5
 *   dbuPrice: 0.15
 *   defaultDbuRate: 1.0
 *   dbuRates: {i3.xlarge: 1.0, r5d.2xlarge: 2.0}
 *   orgSharedChannels: false
 *   billingScope: workspace</pre>
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record DigestConfig(String schedule, BigDecimal minWeeklyCost, Boolean onlyOnIncrease, Integer topJobs, BigDecimal dbuPrice,
        Double defaultDbuRate, Map<String, Double> dbuRates, Boolean orgSharedChannels, String billingScope) {
    public static final String WORKSPACE = "workspace";
    public static final String ACCOUNT = "account";

    /**
     * Monday morning for last week; no floor; five jobs per list; 0.15 USD per DBU, the order of the
     * jobs compute list price; 1 DBU per node-hour, about a 4-core general-purpose node; no
     * org-shared channels, whose members may include other workspaces' people the company did not
     * mean to show its costs to; this workspace's costs only, since other workspaces' job names and
     * spend are not every reader's to see.
     */
    public static final DigestConfig DEFAULTS = new DigestConfig(null, null, null, null, null, null, null, null, null);

    public DigestConfig {
        schedule = schedule == null ? "mon 09:00 UTC" : schedule;
        minWeeklyCost = minWeeklyCost == null ? BigDecimal.ZERO : minWeeklyCost;
        onlyOnIncrease = onlyOnIncrease != null && onlyOnIncrease;
        topJobs = topJobs == null ? 5 : topJobs;
        dbuPrice = dbuPrice == null ? new BigDecimal("0.15") : dbuPrice;
        defaultDbuRate = defaultDbuRate == null ? 1.0 : defaultDbuRate;
        dbuRates = dbuRates == null ? Map.of() : Map.copyOf(dbuRates);
        orgSharedChannels = orgSharedChannels != null && orgSharedChannels;
        billingScope = billingScope == null ? WORKSPACE : billingScope;
        if (!billingScope.equals(WORKSPACE) && !billingScope.equals(ACCOUNT)) {
            throw new IllegalArgumentException("digest.billingScope is \"" + billingScope + "\": give " + WORKSPACE + " (this workspace's costs)"
                    + " or " + ACCOUNT + " (every workspace of the account)");
        }
    }

    public double dbuRate(String nodeTypeId) {
        return dbuRates.getOrDefault(nodeTypeId, defaultDbuRate);
    }
}
