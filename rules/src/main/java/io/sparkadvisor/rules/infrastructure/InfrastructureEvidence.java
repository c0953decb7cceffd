package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;

/** The evidence facts the infrastructure rules decide on. Node memory needs the thresholds' model of reserved memory. */
public final class InfrastructureEvidence {
    private InfrastructureEvidence() {}

    public static List<Object> collect(RunView run, Thresholds t) {
        List<Object> out = new ArrayList<>();
        out.addAll(IoBoundEvidence.of(run));
        out.addAll(IdleSlotsEvidence.of(run));
        out.addAll(ExecutorPackingEvidence.of(run, t));
        out.addAll(MemoryEvidence.of(run, t));
        out.addAll(TaskCpusEvidence.of(run));
        return out;
    }
}
