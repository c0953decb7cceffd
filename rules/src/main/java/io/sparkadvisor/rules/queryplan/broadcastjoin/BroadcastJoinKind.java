package io.sparkadvisor.rules.queryplan.broadcastjoin;

/** The two join strategies the rule measures: the kind of a broadcast-join evidence and diagnosis. */
public enum BroadcastJoinKind {
    /** A shuffled join (sort-merge or shuffled hash): a problem when its smaller side could have been broadcast. */
    SHUFFLED,
    /** A broadcast join: a problem when what it broadcast is too large for the driver and every executor to hold. */
    BROADCAST
}
