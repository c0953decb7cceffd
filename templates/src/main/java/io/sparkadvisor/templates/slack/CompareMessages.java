package io.sparkadvisor.templates.slack;

import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.compare.Cause;
import io.sparkadvisor.rules.compare.Comparison;
import io.sparkadvisor.rules.compare.SettingChange;
import io.sparkadvisor.templates.Templates;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The answer to "why <run>": a run compared with its baseline, the causes ranked with their arithmetic ({@code slack/why.json}). */
public final class CompareMessages {
    private CompareMessages() {}

    /**
     * {@code bandRuns}: the history runs the baseline is the median of, 0 when the baseline was asked for;
     * {@code baselineId}: the baseline's Jobs run.
     */
    public static List<SlackMessage> why(String subject, Comparison c, long baselineId, int bandRuns) {
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("subject", subject);
        scope.put("delta", Format.signedDuration(c.deltaMs()));
        scope.put("baseline", AskReply.WHY_BASELINE.text("baselineId", baselineId, "baselineTime",
                Format.duration(c.baseline().durationMs()), "median", bandRuns > 0, "runs", bandRuns));
        scope.put("summary", c.summary());
        List<Map<String, Object>> causes = new ArrayList<>();
        if (!c.withinNoise()) {
            for (Cause cause : c.causes()) {
                causes.add(Map.of("rank", causes.size() + 1, "title", cause.title(), "ms", Format.signedDuration(cause.ms()),
                        "share", Format.percent(cause.share()), "because", cause.because().stream().map(SettingChange::toString).toList(),
                        "arithmetic", cause.arithmetic()));
            }
        }
        scope.put("causes", causes);
        scope.put("unexplained", c.withinNoise() ? "" : c.unexplained());
        List<String> settings = c.settings().stream().map(s -> s.scope() + " " + s).toList();
        scope.put("settings", settings);
        scope.put("plan", c.planChanges());
        scope.put("hasChanges", !settings.isEmpty() || !c.planChanges().isEmpty());
        return SlackLimits.fit(headline(subject, c), Templates.json("slack/why.json", scope));
    }

    /** The one-line outcome: for the parent message, and the digest's line per job. */
    public static String headline(String subject, Comparison c) {
        String delta = Format.signedDuration(c.deltaMs());
        return c.withinNoise() ? AskReply.WHY_USUAL.text("subject", subject, "delta", delta)
                : AskReply.WHY_HEADLINE.text("subject", subject, "delta", delta, "top", c.causes().isEmpty() ? "" : c.causes().get(0).title());
    }
}
