package io.sparkadvisor.knowledge.facts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;

/**
 * How the Databricks job that ran the application starts its runs, as its settings (jobs/get) say: what the event log
 * can only guess from a streaming query's batches ({@link StreamingTrigger}). A paused mode, a job with none (manual
 * or one-time runs) or no settings say nothing about the run: the log's inference stands then.
 */
public enum JobRunMode {
    /** {@code continuous}: one run always on, started again when it ends. */
    CONTINUOUS,
    /** {@code schedule}: a run at the times of its cron expression. */
    SCHEDULED,
    /** {@code trigger}: a run on file arrival, on a table update or periodically. */
    TRIGGERED;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code settingsJson}: the job's settings as jobs/get gives them; empty when absent, unreadable or paused. */
    public static Optional<JobRunMode> ofSettings(String settingsJson) {
        if (settingsJson == null) {
            return Optional.empty();
        }
        JsonNode settings;
        try {
            settings = JSON.readTree(settingsJson);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (active(settings.path("continuous"))) {
            return Optional.of(CONTINUOUS);
        }
        if (active(settings.path("schedule"))) {
            return Optional.of(SCHEDULED);
        }
        return active(settings.path("trigger")) ? Optional.of(TRIGGERED) : Optional.empty();
    }

    private static boolean active(JsonNode mode) {
        return mode.isObject() && !"PAUSED".equals(mode.path("pause_status").asText());
    }

    /** Whether a streaming query of this job runs until stopped: only a continuous job's does. */
    public boolean alwaysOn() {
        return this == CONTINUOUS;
    }
}
