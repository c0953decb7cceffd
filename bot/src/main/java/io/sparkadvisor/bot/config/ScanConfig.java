package io.sparkadvisor.bot.config;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Duration;

/**
 * The {@code scan:} section of the config file: the weekly fleet scan, which analyses the latest
 * completed run of each of the week's {@code jobs} costliest jobs before the digest goes out and
 * ranks what it finds by dollars per week. Off unless {@code enabled}: it spends warehouse time
 * and API calls (see the README).
 * <pre>scan:
 *   enabled: true
 *   jobs: 20
 *   parallelism: 4
 *   budgetMinutes: 30
 *   topFixes: 5
 *   repostGrowth: 0.25
 *   rejectedCooldownDays: 28
 *   perChannelPerDay: 1</pre>
 *
 * @param parallelism   jobs analysed at once; spark-advisor's own choice: four keeps two cores busy with parsing while
 *                      others wait on downloads, as the ask pool does
 * @param budgetMinutes how long one scan may take before the jobs not reached are listed as "not analysed in time";
 *                      spark-advisor's own choice: 20 logs of a few hundred MB each parse in well under that
 * @param topFixes      opportunities the digest lists, each with a thread of its own
 * @param repostGrowth  a fix posted before and not acted on is posted again only when its dollars per week grew by at
 *                      least this fraction; spark-advisor's own choice: a quarter more is a change people notice,
 *                      while the week-to-week wobble of a job's cost stays below it
 * @param rejectedCooldownDays a step rejected for a job is not proposed for that job again for this many days;
 *                      spark-advisor's own choice: four weekly digests, after which the job has likely changed
 * @param perChannelPerDay on-demand scans ({@code /spark-advisor scan}) a channel gets per UTC day, counted in the
 *                      database across replicas; spark-advisor's own choice: one, since a second scan of the same week
 *                      reads the outcomes the first one kept and shows the same fixes, while its billing query still
 *                      spends warehouse time
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record ScanConfig(Boolean enabled, Integer jobs, Integer parallelism, Integer budgetMinutes, Integer topFixes, Double repostGrowth,
        Integer rejectedCooldownDays, Integer perChannelPerDay) {
    public static final ScanConfig DEFAULTS = new ScanConfig(null, null, null, null, null, null, null, null);

    public ScanConfig {
        enabled = enabled != null && enabled;
        jobs = positive("jobs", jobs, 20);
        parallelism = positive("parallelism", parallelism, 4);
        budgetMinutes = positive("budgetMinutes", budgetMinutes, 30);
        topFixes = positive("topFixes", topFixes, 5);
        repostGrowth = repostGrowth == null ? 0.25 : repostGrowth;
        if (repostGrowth < 0) {
            throw new IllegalArgumentException("scan.repostGrowth is " + repostGrowth + ": give a fraction of 0 or more (0.25 is a quarter)");
        }
        rejectedCooldownDays = rejectedCooldownDays == null ? 28 : rejectedCooldownDays;
        perChannelPerDay = positive("perChannelPerDay", perChannelPerDay, 1);
    }

    /** The same settings, turned on: a test or the on-demand command. */
    public ScanConfig on() {
        return new ScanConfig(true, jobs, parallelism, budgetMinutes, topFixes, repostGrowth, rejectedCooldownDays, perChannelPerDay);
    }

    public Duration budget() {
        return Duration.ofMinutes(budgetMinutes);
    }

    public Duration rejectedCooldown() {
        return Duration.ofDays(rejectedCooldownDays);
    }

    private static int positive(String key, Integer value, int byDefault) {
        if (value == null) {
            return byDefault;
        }
        if (value < 1) {
            throw new IllegalArgumentException("scan." + key + " is " + value + ": give a whole number of 1 or more");
        }
        return value;
    }
}
