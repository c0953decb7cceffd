package io.sparkadvisor.rules.serverless;

import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import java.util.Optional;

/** The advisor on the serverless fixtures of corpus/serverless/, for the serverless rules' tests. */
public final class ServerlessRuns {
    /** A job run with small files, full reads repeated, spill, an exploding join, on performance-optimized with both modes in its history. */
    public static final String NIGHTLY = "nightly-orders";
    /** A SQL warehouse's statements from the Query History API: queued at capacity, one mostly outside Photon. */
    public static final String WAREHOUSE = "warehouse-query-history";
    /** A healthy job run, performance-optimized with a duration alert that standard's start would trip. */
    public static final String HEALTHY = "hourly-ledger-healthy";

    private ServerlessRuns() {}

    public static Advice advise(String fixture) {
        return advise(fixture, Map.of());
    }

    public static Advice advise(String fixture, Map<String, String> overrides) {
        return advise(ServerlessFixtures.run(fixture), overrides);
    }

    public static Advice advise(ServerlessRun run, Map<String, String> overrides) {
        return new Advisor(Thresholds.withOverrides(overrides)).advise(run);
    }

    public static Optional<Finding> finding(String fixture, String rule) {
        return finding(advise(fixture), rule);
    }

    public static Optional<Finding> finding(Advice advice, String rule) {
        return advice.findings().stream().filter(f -> f.rule().equals(rule)).findFirst();
    }
}
