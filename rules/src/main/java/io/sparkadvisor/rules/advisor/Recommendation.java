package io.sparkadvisor.rules.advisor;

import java.util.List;

/**
 * What to do about a finding. {@code preconditions} say what must be true before step 1 (with
 * "to verify" when the cluster facts could not tell); {@code proof} is the evidence that shows the
 * bottleneck, {@code experiment} the optional test that confirms it before changing anything.
 */
public record Recommendation(String summary, List<String> preconditions, List<Step> steps, String proof,
        String experiment) {}
