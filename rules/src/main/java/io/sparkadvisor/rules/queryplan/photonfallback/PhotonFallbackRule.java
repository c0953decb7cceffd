package io.sparkadvisor.rules.queryplan.photonfallback;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * photon-fallback: operators of a Photon plan that ran outside Photon; decided in photon-fallback.drl,
 * advised by {@link PhotonFallbackAdvice}. Severity is the run's share alone (high when the stages that
 * run the operators are a large share of the run), so the rule has no ladder of its own.
 */
public final class PhotonFallbackRule {
    public static final String ID = "photon-fallback";
    /** Databricks' Photon page: what Photon runs, its limitations (UDFs, RDD APIs, some sources and expressions). */
    static final String PHOTON_DOCS = "https://docs.databricks.com/en/compute/photon.html";

    public static final Threshold MIN_TASK_MS = new Threshold(ID + ".minTaskMs", 600_000, 0, 1e12, "milliseconds of task time",
            "The stages that run the operators outside Photon must take at least this much task time before anything counts.",
            OURS + "ten core-minutes per run: below that a Photon DBU premium on the stages is cents, not worth a code change");
    public static final Threshold MIN_SHARE_OF_RUN = new Threshold(ID + ".minShareOfRun", 0.05, 0, 1,
            "fraction of the run's task time",
            "The stages that run the operators outside Photon must take at least this share of the run's task time.",
            OURS + "a twentieth of the run: less is within the run-to-run spread of the job");
    public static final Threshold PHOTON_SPEEDUP = new Threshold(ID + ".photonSpeedup", 2, 1, 20, "x",
            "How many times faster the operators would run in Photon, for the saving (an upper bound: the stages also run"
                    + " Photon operators that will not get faster).",
            PHOTON_DOCS + " (Photon runs supported operators several times faster than Spark's engine); " + OURS
                    + "the low end, 2x");

    public static final Rule<PhotonFallbackEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN, PhotonFallbackEvidence.class,
            PhotonFallbackEvidence::of, PhotonFallbackAdvice::remedy, List.of(MIN_TASK_MS, MIN_SHARE_OF_RUN, PHOTON_SPEEDUP),
            List.of(), FindingChart.NONE);

    private PhotonFallbackRule() {}
}
