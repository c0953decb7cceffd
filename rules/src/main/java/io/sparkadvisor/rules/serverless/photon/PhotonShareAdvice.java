package io.sparkadvisor.rules.serverless.photon;

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

/**
 * Move the work outside Photon into it: the query profile names the operators; Python UDFs and expressions Photon
 * lacks are the usual ones. The saving is the work outside Photon, run {@code speedup} times faster.
 */
final class PhotonShareAdvice {
    private PhotonShareAdvice() {}

    static Remedy remedy(PhotonShareEvidence e, Diagnosis d, Thresholds t) {
        Messages m = Messages.of(PhotonShareRule.ID, Map.of("statement", e.statementId(), "share", Format.percent(e.photonShare()),
                "task", Format.duration(e.taskMs()), "dollars", Format.decimals(e.statementDollars(), 2)), t);
        Step step = new Step(1, List.of(Change.code(m.text("change"), m.text("snippet"))), m.list("checks"), m.text("rollback"));
        double saved = (1 - e.photonShare()) * (1 - 1 / t.get(PhotonShareRule.SPEEDUP));
        return Remedy.of(m, "summary", List.of(step),
                ServerlessStatements.upTo(Math.round(e.executionMs() * saved), e.statementDollars() * saved));
    }
}
