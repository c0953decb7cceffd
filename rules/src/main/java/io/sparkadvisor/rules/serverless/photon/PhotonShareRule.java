package io.sparkadvisor.rules.serverless.photon;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.PHOTON;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_PROFILE;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-photon: a statement of a serverless run spent most of its task time outside Photon (Query History API's
 * photon_total_time_ms against task_total_time_ms; the system table does not record it, so the rule is silent there);
 * decided in serverless-photon.drl, advised by {@link PhotonShareAdvice}.
 */
public final class PhotonShareRule {
    public static final String ID = "serverless-photon";

    public static final Threshold MIN_TASK_MS = new Threshold(ID + ".minTaskMs", 600_000, 0, 1e12, "milliseconds of task time",
            "A statement must use at least this much task time before its Photon share counts.",
            OURS + "10 minutes of task time, where the work outside Photon is worth a rewrite");
    public static final Threshold MAX_SHARE = new Threshold(ID + ".maxShare", 0.5, 0, 1, "Photon time / task time",
            "A statement whose Photon time is below this share of its task time runs mostly outside Photon.",
            QUERY_PROFILE + " (Photon time per operator); " + OURS + "half of the task time");
    public static final Threshold SPEEDUP = new Threshold(ID + ".speedup", 2, 1, 100, "times faster in Photon",
            "How much faster the work outside Photon would run in it: the saving of moving it in.",
            PHOTON + " (Photon speeds up SQL and DataFrame work); " + OURS + "2x, well under the speedups Databricks quotes");

    public static final Rule<PhotonShareEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN, PhotonShareEvidence.class,
            PhotonShareEvidence::of, PhotonShareAdvice::remedy, List.of(MIN_TASK_MS, MAX_SHARE, SPEEDUP), List.of(), FindingChart.NONE);

    private PhotonShareRule() {}
}
