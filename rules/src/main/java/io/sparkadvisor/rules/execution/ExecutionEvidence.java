package io.sparkadvisor.rules.execution;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;

/** The evidence facts the execution-layer rules decide on. */
public final class ExecutionEvidence {
    private ExecutionEvidence() {}

    public static List<Object> collect(RunView run) {
        List<Object> out = new ArrayList<>();
        out.addAll(SkewEvidence.of(run));
        out.addAll(SpillEvidence.of(run));
        out.addAll(GcPressureEvidence.of(run));
        out.addAll(TaskFailuresEvidence.of(run));
        return out;
    }
}
