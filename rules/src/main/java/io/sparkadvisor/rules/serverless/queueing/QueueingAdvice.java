package io.sparkadvisor.rules.serverless.queueing;

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
 * Less waiting: fewer statements started at once (waiting at capacity), or, when the run's end time matters and the job
 * runs in standard mode, performance-optimized, which starts on warm compute. The saving is the wait, in time only:
 * serverless bills no DBUs while a statement waits.
 */
final class QueueingAdvice {
    private QueueingAdvice() {}

    static Remedy remedy(QueueingEvidence e, Diagnosis d, Thresholds t) {
        Messages m = Messages.of(QueueingRule.ID, Map.of("queued", Format.duration(e.queuedMs()), "statements", e.statementsQueued(),
                "longest", e.longestStatementId(), "longestQueued", Format.duration(e.longestQueuedMs()),
                "share", Format.percent(e.queuedShare()), "run", Format.duration(e.runMs()), "standard", e.standard()), t);
        Step step = new Step(1, List.of(Change.manual(m.text("change"), m.text("instruction"))), m.list("checks"), m.text("rollback"));
        return Remedy.of(m, "summary", List.of(step), ServerlessStatements.upTo(e.queuedMs(), 0));
    }
}
