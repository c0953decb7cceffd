package io.sparkadvisor.rules.serverless.spill;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;

/** Less data per operator in the statement: filter and project before the wide operator, or split the statement. */
final class ServerlessSpillAdvice {
    private ServerlessSpillAdvice() {}

    static Remedy remedy(ServerlessSpillEvidence e, Diagnosis d, Thresholds t) {
        Messages m = Messages.of(ServerlessSpillRule.ID, Map.of("statement", e.statementId(), "spilled", Format.bytes(e.spillBytes()),
                "read", Format.bytes(e.readBytes()), "ratio", Format.ratio(e.spillRatio()), "dollars", Format.decimals(e.statementDollars(), 2)), t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"));
        return Remedy.of(m, "summary", List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * e.spillShare()), e.statementDollars() * e.spillShare()));
    }
}
