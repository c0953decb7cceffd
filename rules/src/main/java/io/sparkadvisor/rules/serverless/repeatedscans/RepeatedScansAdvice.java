package io.sparkadvisor.rules.serverless.repeatedscans;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Read the table once: into a temporary view or table the later statements read, or one statement computing all
 * results. The saving, an upper bound, is every scan after the first.
 */
final class RepeatedScansAdvice {
    private RepeatedScansAdvice() {}

    static Remedy remedy(RepeatedScansEvidence e, Diagnosis d, Thresholds t) {
        Messages m = Messages.of(RepeatedScansRule.ID, Map.of("statements", String.join(", ", e.statementIds()), "scans", e.scans(),
                "files", String.format(Locale.ROOT, "%,d", e.readFiles()), "read", Format.bytes(e.readBytes()),
                "dollars", Format.decimals(e.statementsDollars(), 2)), t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"));
        double again = (e.scans() - 1.0) / e.scans();
        return Remedy.of(m, "summary", List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * again), e.statementsDollars() * again));
    }
}
