package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.Map;
import java.util.Optional;

/** The advice on a corpus scenario and the manifest's verified figures, for the data-access tests. */
public final class CorpusAdvice {
    private CorpusAdvice() {}

    public static Optional<Finding> finding(String scenario, String rule) {
        return finding(scenario, rule, Map.of());
    }

    public static Optional<Finding> finding(String scenario, String rule, Map<String, String> overrides) {
        return Findings.of(rule, scenario, overrides);
    }

    /** The largest value of a metric over the plan nodes of a name, from the manifest's expectations: {@code sqlMetric("overread", "Filter / number of output rows")}. */
    public static long sqlMetric(String scenario, String key) {
        long max = Long.MIN_VALUE; // one value per plan node of that name
        for (var value : Corpus.scenario(scenario).path("expect").path("sqlMetricsByNodeName").path(key)) {
            max = Math.max(max, value.asLong());
        }
        return max;
    }

    public static long number(Finding f, String key) {
        return ((Number) f.evidence().get(key)).longValue();
    }
}
