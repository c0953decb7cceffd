package io.sparkadvisor.rules.dataaccess;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;

/**
 * The advice on a corpus scenario, for the data-access tests. A scenario whose log is not there
 * (a worktree without the corpus: set SPARK_ADVISOR_CORPUS) skips the test instead of failing it.
 */
final class CorpusAdvice {
    private CorpusAdvice() {}

    static Optional<Finding> finding(String scenario, String rule) {
        return finding(scenario, rule, Map.of());
    }

    static Optional<Finding> finding(String scenario, String rule, Map<String, String> overrides) {
        assumeTrue(available(scenario), "corpus scenario " + scenario + " is not available");
        return new Advisor(Thresholds.withOverrides(overrides)).advise(Corpus.facts(scenario)).findings().stream()
                .filter(f -> f.rule().equals(rule)).findFirst();
    }

    static boolean available(String scenario) {
        try {
            return Files.exists(Corpus.log(scenario));
        } catch (RuntimeException noCorpus) {
            return false;
        }
    }

    /** The largest value of a metric over the plan nodes of a name, from the manifest's expectations: {@code sqlMetric("overread", "Filter / number of output rows")}. */
    static long sqlMetric(String scenario, String key) {
        long max = Long.MIN_VALUE; // one value per plan node of that name
        for (var value : Corpus.scenario(scenario).path("expect").path("sqlMetricsByNodeName").path(key)) {
            max = Math.max(max, value.asLong());
        }
        return max;
    }

    static long number(Finding f, String key) {
        return ((Number) f.evidence().get(key)).longValue();
    }
}
