package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.store.ChangeState;
import java.time.Duration;
import java.time.Instant;

/**
 * What a follow-up poll does with a verified step waiting for the runs its duration health rule needs
 * ({@link HealthRuleWaiter}): a pure decision over the step's state, the job's runs since it and how long it has waited.
 */
enum HealthRuleWait {
    /** Too few runs yet: look again next poll. */
    WAIT,
    /** The runs are there: offer the rule now. */
    OFFER,
    /** The step was rolled back: a rule from runs with settings the job no longer has would alert on the wrong thing. */
    DROP,
    /** The wait is over without the runs: say so once and stop looking. */
    GIVE_UP;

    static HealthRuleWait next(ChangeState step, int runsSince, int minRuns, Instant waitingSince, Instant now, Duration longest) {
        if (step == ChangeState.ROLLING_BACK) {
            return WAIT; // a roll back refused (the job edited since) leaves the step verified
        }
        if (step != ChangeState.VERIFIED) {
            return DROP;
        }
        if (runsSince >= minRuns) {
            return OFFER;
        }
        return now.isAfter(waitingSince.plus(longest)) ? GIVE_UP : WAIT;
    }
}
