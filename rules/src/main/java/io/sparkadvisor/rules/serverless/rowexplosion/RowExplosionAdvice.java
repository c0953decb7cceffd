package io.sparkadvisor.rules.serverless.rowexplosion;

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
 * Find the duplicate keys that multiply the join and deduplicate or aggregate a side before it. The saving, an upper
 * bound, is the work on rows beyond those read: were the join one-to-one, it would produce no more rows than it read.
 */
final class RowExplosionAdvice {
    private RowExplosionAdvice() {}

    static Remedy remedy(RowExplosionEvidence e, Diagnosis d, Thresholds t) {
        Messages m = Messages.of(RowExplosionRule.ID, Map.of("statement", e.statementId(),
                "read", String.format(Locale.ROOT, "%,d", e.rowsRead()), "produced", String.format(Locale.ROOT, "%,d", e.rowsProduced()),
                "factor", Format.ratio(e.factor()), "dollars", Format.decimals(e.statementDollars(), 2)), t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"));
        double beyond = 1 - 1 / e.factor();
        return Remedy.of(m, "summary", List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * beyond), e.statementDollars() * beyond));
    }
}
