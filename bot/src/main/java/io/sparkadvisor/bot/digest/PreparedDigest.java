package io.sparkadvisor.bot.digest;

import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.templates.digest.DigestReport;
import java.util.List;

/** A digest ready to show: its report, and the daily cost of its top jobs for the chart. */
public record PreparedDigest(DigestReport report, List<DailyCost> dailyCosts) {
    public PreparedDigest {
        dailyCosts = List.copyOf(dailyCosts);
    }
}
