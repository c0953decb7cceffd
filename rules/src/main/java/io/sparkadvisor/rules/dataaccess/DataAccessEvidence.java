package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;

/** The evidence facts the data-access rules decide on. */
public final class DataAccessEvidence {
    private DataAccessEvidence() {}

    public static List<Object> collect(RunView run) {
        List<Object> out = new ArrayList<>();
        out.addAll(PartitionSizingEvidence.of(run));
        out.addAll(SmallFilesEvidence.of(run));
        out.addAll(OverreadEvidence.of(run));
        out.addAll(BroadListingEvidence.of(run));
        return out;
    }
}
