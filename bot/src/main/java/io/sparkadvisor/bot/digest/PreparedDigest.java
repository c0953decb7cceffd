package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.scan.Opportunity;
import io.sparkadvisor.bot.scan.TopFixesSection;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.templates.digest.DigestReport;
import java.util.List;
import java.util.Map;

/**
 * A digest ready to show: its report, the daily cost of its top jobs for the chart, and the fleet
 * scan's outcomes (empty when the scan is off): every opportunity in dollar order ({@code ranked})
 * and the fixes the report lists, each of which gets a thread ({@code fixes}); and by job id, the comparison behind each
 * "got costlier" line that has one, which gets a thread too ({@code comparisons}).
 */
public record PreparedDigest(DigestReport report, List<DailyCost> dailyCosts, List<JobScan> scans, List<Opportunity> ranked,
        List<Opportunity> fixes, Map<String, Why.Explained> comparisons) {
    public PreparedDigest {
        dailyCosts = List.copyOf(dailyCosts);
        scans = List.copyOf(scans);
        ranked = List.copyOf(ranked);
        fixes = List.copyOf(fixes);
        comparisons = Map.copyOf(comparisons);
    }

    public PreparedDigest(DigestReport report, List<DailyCost> dailyCosts, Map<String, Why.Explained> comparisons) {
        this(report, dailyCosts, List.of(), List.of(), List.of(), comparisons);
    }

    /** The same digest listing and posting only {@code kept} of its fixes; {@code held} were left out as seen before. */
    public PreparedDigest keeping(List<Opportunity> kept, int held) {
        return new PreparedDigest(report.withTopFixes(TopFixesSection.of(scans, kept, held)), dailyCosts, scans, ranked, kept, comparisons);
    }
}
