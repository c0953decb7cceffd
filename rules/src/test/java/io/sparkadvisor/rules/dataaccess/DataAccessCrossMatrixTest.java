package io.sparkadvisor.rules.dataaccess;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every data-access rule stays at or below low on every corpus scenario it was not built for. */
class DataAccessCrossMatrixTest {
    private static final Set<String> RULES = Set.of(PartitionSizingAdvice.RULE, SmallFilesAdvice.RULE,
            BroadListingAdvice.RULE, OverreadAdvice.RULE);
    /** Scenarios where a data-access rule is meant to fire (too-few-partitions: agreed with idle-slots). */
    private static final Map<String, String> BUILT_FOR = Map.of("small-files", SmallFilesAdvice.RULE,
            "large-files-default", PartitionSizingAdvice.RULE, "too-few-partitions", PartitionSizingAdvice.RULE,
            "broad-listing", BroadListingAdvice.RULE, "overread", OverreadAdvice.RULE);

    @TestFactory
    Stream<DynamicTest> silentElsewhere() {
        assumeTrue(CorpusAdvice.available("healthy"), "no corpus");
        return Corpus.scenarios().stream().filter(CorpusAdvice::available).map(scenario -> DynamicTest.dynamicTest(scenario,
                () -> {
                    List<Finding> loud = new Advisor(Thresholds.defaults()).advise(Corpus.facts(scenario)).findings().stream()
                            .filter(f -> RULES.contains(f.rule()) && !f.rule().equals(BUILT_FOR.get(scenario)))
                            .filter(f -> f.severity().compareTo(Severity.LOW) > 0).toList();
                    assertTrue(loud.isEmpty(), scenario + ": " + loud.stream().map(Finding::title).toList());
                }));
    }
}
