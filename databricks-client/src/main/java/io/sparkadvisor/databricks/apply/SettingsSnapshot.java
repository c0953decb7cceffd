package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.databricks.SdkJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A job's settings at one moment: canonical JSON of the raw settings (keys sorted, every field the
 * API sent, modelled by the SDK or not), and its SHA-256, which a later change must present to
 * prove nobody edited the job in between.
 */
public record SettingsSnapshot(long jobId, String settingsJson, String fingerprint) {
    public static SettingsSnapshot of(long jobId, JsonNode settings) {
        String json = SdkJson.canonical(settings);
        return new SettingsSnapshot(jobId, json, sha256(json));
    }

    /** Settings recorded earlier as {@link #settingsJson}, with their fingerprint. */
    public static SettingsSnapshot recorded(long jobId, String settingsJson) {
        return of(jobId, SdkJson.object(settingsJson, "the recorded settings of job " + jobId));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    }
}
