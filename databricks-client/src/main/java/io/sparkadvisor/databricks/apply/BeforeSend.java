package io.sparkadvisor.databricks.apply;

/**
 * Called with the settings read and those a change (or roll back) should leave, after every check
 * passed and just before {@code jobs/update} is sent. What is recorded here lets whoever finds the
 * send cut short tell, by reading the job back, whether it took. Throwing stops the send.
 */
@FunctionalInterface
public interface BeforeSend {
    BeforeSend NOTHING = (before, expectedAfter) -> {};

    void sending(SettingsSnapshot before, SettingsSnapshot expectedAfter);
}
