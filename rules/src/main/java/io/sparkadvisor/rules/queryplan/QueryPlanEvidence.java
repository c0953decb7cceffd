package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;

/** The evidence facts the query-plan rules decide on. */
public final class QueryPlanEvidence {
    private QueryPlanEvidence() {}

    public static List<Object> collect(RunView run) {
        List<Object> out = new ArrayList<>();
        out.addAll(CardinalityExplosionEvidence.of(run));
        out.addAll(ClusterOnWriteEvidence.of(run));
        return out;
    }
}
