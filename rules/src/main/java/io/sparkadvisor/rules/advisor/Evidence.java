package io.sparkadvisor.rules.advisor;

import java.util.List;

/**
 * What a rule's DRL decides on: an immutable record computed once from the facts. Its components,
 * in declaration order, are the finding's JSON evidence keys (see {@link EvidenceJson}); components
 * the decision or the advice needs but the finding does not show are marked {@link Internal}.
 * Each component is documented with {@code @param} on the record, and a test holds the two lists equal.
 */
public interface Evidence {
    /** The stages the evidence is about; empty for rules about the whole run or cluster. */
    List<Integer> stageIds();
}
