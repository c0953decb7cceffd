package io.sparkadvisor.knowledge.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A job's run mode as jobs/get's settings state it; paused, absent or unreadable settings say nothing. */
class JobRunModeTest {

    @Test
    void theSettingsNameTheMode() {
        assertEquals(Optional.of(JobRunMode.CONTINUOUS), JobRunMode.ofSettings("{\"continuous\":{\"pause_status\":\"UNPAUSED\"}}"));
        assertEquals(Optional.of(JobRunMode.SCHEDULED), JobRunMode.ofSettings(
                "{\"schedule\":{\"quartz_cron_expression\":\"0 0 * * * ?\",\"timezone_id\":\"UTC\"}}"));
        assertEquals(Optional.of(JobRunMode.TRIGGERED), JobRunMode.ofSettings("{\"trigger\":{\"file_arrival\":{\"url\":\"s3://b/in/\"}}}"));
    }

    @Test
    void aPausedModeNoModeOrNoSettingsLeaveItToTheLog() {
        assertEquals(Optional.empty(), JobRunMode.ofSettings("{\"continuous\":{\"pause_status\":\"PAUSED\"}}"));
        assertEquals(Optional.empty(), JobRunMode.ofSettings("{\"name\":\"manual\",\"tasks\":[]}"), "runs started by hand");
        assertEquals(Optional.empty(), JobRunMode.ofSettings(null), "a one-time run or a deleted job");
        assertEquals(Optional.empty(), JobRunMode.ofSettings("{not json"));
    }

    @Test
    void onlyAContinuousJobIsAlwaysOn() {
        assertEquals(true, JobRunMode.CONTINUOUS.alwaysOn());
        assertEquals(false, JobRunMode.SCHEDULED.alwaysOn());
        assertEquals(false, JobRunMode.TRIGGERED.alwaysOn());
    }
}
