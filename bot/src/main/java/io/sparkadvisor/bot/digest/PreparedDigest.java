package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.scan.Opportunity;
import io.sparkadvisor.bot.scan.TopFixesSection;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.templates.digest.DigestReport;
import java.util.List;

/**
 * A digest ready to show: its report, the daily cost of its top jobs for the chart, and the fleet
 * scan's outcomes (empty when the scan is off): every opportunity in dollar order ({@code ranked})
 * and the fixes the report lists, each of which gets a thread ({@code fixes}).
 */
public record PreparedDigest(DigestReport report, List<DailyCost> dailyCosts, List<JobScan> scans, List<Opportunity> ranked,
        List<Opportunity> fixes) {
    public PreparedDigest {
        dailyCosts = List.copyOf(dailyCosts);
        scans = List.copyOf(scans);
        ranked = List.copyOf(ranked);
        fixes = List.copyOf(fixes);
    }

    public PreparedDigest(DigestReport report, List<DailyCost> dailyCosts) {
        this(report, dailyCosts, List.of(), List.of(), List.of());
    }

    /** The same digest listing and posting only {@code kept} of its fixes; {@code held} were left out as seen before. */
    public PreparedDigest keeping(List<Opportunity> kept, int held) {
        return new PreparedDigest(report.withTopFixes(TopFixesSection.of(scans, kept, held)), dailyCosts, scans, ranked, kept);
    }
}
