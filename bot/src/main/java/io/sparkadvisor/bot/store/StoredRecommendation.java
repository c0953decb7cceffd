package io.sparkadvisor.bot.store;

import io.sparkadvisor.rules.advisor.Step;
import java.time.Instant;
import java.util.List;

/**
 * A recommendation as posted: the job cluster its steps go to ({@code clusterTarget}), the steps
 * as JSON, the fingerprint of the job's settings when it was made, and the Slack message showing it.
 */
public record StoredRecommendation(String id, long runId, long jobId, String rule, String clusterTarget, String stepsJson,
        String settingsFingerprint, String channel, String threadTs, String messageTs, String requester, Instant createdAt) {
    /** The steps as they were posted. */
    public List<Step> steps() {
        return StepsJson.read(stepsJson);
    }
}
