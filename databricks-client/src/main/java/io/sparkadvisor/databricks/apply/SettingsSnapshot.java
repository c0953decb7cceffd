package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import org.apache.commons.codec.digest.DigestUtils;

/**
 * A job's settings at one moment: canonical JSON of the raw settings (keys sorted, every field the
 * API sent, modelled by the SDK or not), and its SHA-256, which a later change must present to
 * prove nobody edited the job in between. The fingerprint leaves out {@code health}: its rules say when
 * Databricks alerts, not how the job runs, so setting one (the bot's offer after a verified step, or a
 * person) leaves a step's roll back and the next step's approval possible.
 */
public record SettingsSnapshot(long jobId, String settingsJson, String fingerprint) {
    public static SettingsSnapshot of(long jobId, JsonNode settings) {
        String json = SdkJson.canonical(settings);
        JsonNode howItRuns = settings;
        if (settings instanceof ObjectNode object && object.has("health")) {
            howItRuns = object.deepCopy().without("health");
        }
        return new SettingsSnapshot(jobId, json, DigestUtils.sha256Hex(SdkJson.canonical(howItRuns)));
    }

    /** Settings recorded earlier as {@link #settingsJson}, with their fingerprint. */
    public static SettingsSnapshot recorded(long jobId, String settingsJson) {
        return of(jobId, SdkJson.object(settingsJson, "the recorded settings of job " + jobId));
    }
}
