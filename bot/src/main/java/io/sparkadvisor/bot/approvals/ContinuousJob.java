package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Whether a job's settings run it continuously ({@code continuous}, not paused): Databricks applies new settings to such
 * a job only when its active run restarts, so a step there waits for an approver's Restart now.
 */
public final class ContinuousJob {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ContinuousJob() {}

    /** {@code settingsJson}: the job's settings as jobs/get gives them; false when absent or unreadable. */
    public static boolean is(String settingsJson) {
        if (settingsJson == null) {
            return false;
        }
        try {
            JsonNode continuous = JSON.readTree(settingsJson).path("continuous");
            return continuous.isObject() && !"PAUSED".equals(continuous.path("pause_status").asText());
        } catch (JsonProcessingException e) {
            return false;
        }
    }
}
