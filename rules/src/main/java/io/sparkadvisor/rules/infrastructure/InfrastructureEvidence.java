package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;

/** The evidence facts the infrastructure rules decide on. */
public final class InfrastructureEvidence {
    private InfrastructureEvidence() {}

    public static List<Object> collect(RunView run) {
        List<Object> out = new ArrayList<>();
        return out;
    }
}
