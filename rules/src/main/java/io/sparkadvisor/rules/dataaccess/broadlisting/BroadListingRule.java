package io.sparkadvisor.rules.dataaccess.broadlisting;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * broad-listing: the driver spent a large share of a read finding the files; decided in
 * broad-listing.drl, advised by {@link BroadListingAdvice}.
 */
public final class BroadListingRule {
    public static final String ID = "broad-listing";

    public static final Threshold MIN_DISCOVERY_MS = new Threshold(ID + ".minDiscoveryMs", 3_000, 0, 86_400_000, "milliseconds",
            "Time spent finding the input (listing jobs, file-index metadata, driver planning) below this raises nothing.",
            OURS + "every slot waits while the driver lists, so 3 s on 2 slots already costs the 5 s floor of"
                    + " general.minStageWallMs")
            .deprecating("broadListing.minDiscoveryMs");
    public static final Threshold MIN_DISCOVERY_SHARE = new Threshold(ID + ".minDiscoveryShare", 0.25, 0, 1,
            "fraction of the query's time", "Finding the input must take at least this share of finding plus reading it.",
            OURS + "the same quarter as general.highAppShare: a quarter of a read spent before it starts is worth a change")
            .deprecating("broadListing.minDiscoveryShare");
    public static final Threshold HIGH_DISCOVERY_SHARE = new Threshold(ID + ".highDiscoveryShare", 0.5, 0, 1,
            "fraction of the query's time", "Broad listing is high severity when finding the input takes longer than reading it.",
            OURS + "from a half on, listing costs more than the read itself; " + SPARK_SQL_TUNING
                    + " (spark.sql.sources.parallelPartitionDiscovery.threshold: listing is its own job)")
            .deprecating("broadListing.highDiscoveryShare");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_DISCOVERY_SHARE);

    public static final Rule<BroadListingEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, BroadListingEvidence.class,
            BroadListingEvidence::of, BroadListingAdvice::remedy,
            List.of(MIN_DISCOVERY_MS, MIN_DISCOVERY_SHARE, HIGH_DISCOVERY_SHARE), List.of(SEVERITY), FindingChart.NONE);

    private BroadListingRule() {}
}
