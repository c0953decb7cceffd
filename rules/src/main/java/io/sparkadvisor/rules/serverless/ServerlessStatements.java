package io.sparkadvisor.rules.serverless;

import io.sparkadvisor.knowledge.serverless.StatementFacts;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Savings;
import java.util.List;

/**
 * What the serverless rules share: a serverless run's statements (none for an event log, so these rules stay silent
 * there), each statement's share of the run's billed cost, and savings in run time and dollars. Serverless bills
 * DBUs, not cores, so no saving here counts core-hours.
 */
public final class ServerlessStatements {
    private ServerlessStatements() {}

    public static List<StatementFacts> of(RunView run) {
        return run.serverless().map(s -> s.statements()).orElse(List.of());
    }

    /** The statement's share of the run's list cost, by its task time; 0 when billing was not read. */
    public static double dollarsOf(RunView run, StatementFacts statement) {
        return run.serverless().map(s -> s.dollarsOf(statement)).orElse(0.0);
    }

    /** At most this much run time and these dollars: the figure assumes the cause goes away entirely. */
    public static Savings upTo(long runtimeMs, double dollars) {
        return new Savings(Math.max(0, runtimeMs), 0, 0, Format.round(Math.max(0, dollars)), true, List.of());
    }
}
