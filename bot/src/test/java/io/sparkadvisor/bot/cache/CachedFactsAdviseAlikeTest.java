package io.sparkadvisor.bot.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.fetch.FactsCache;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.AdviceJson;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The facts cache keeps only the Spark properties the rules read (SparkProperties.READ_BY_RULES):
 * every corpus log must get the same advice from its cached facts as from its log, on its own and
 * on a Databricks cluster (where more rules and platform checks read properties).
 */
class CachedFactsAdviseAlikeTest {
    private static final Advisor ADVISOR = new Advisor(Thresholds.defaults());

    @TempDir
    static Path cacheDir;

    static Iterable<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void cachedFactsGiveTheSameAdviceAsTheLog(String scenario) throws IOException {
        RunFacts read = Corpus.facts(scenario);
        FactsCache cache = FactsCache.in(cacheDir, 256L << 20);
        cache.put(scenario, read);
        RunFacts cached = cache.get(scenario).orElseThrow();
        assertTrue(cached.properties().values().size() <= read.properties().values().size());

        assertEquals(AdviceJson.write(ADVISOR.advise(read)), AdviceJson.write(ADVISOR.advise(cached)), scenario);
        String cluster = Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json"));
        Optional<String> nodeTypes = Optional.of(Files.readString(Corpus.dir().resolve("clusters/node-types.json")));
        assertEquals(AdviceJson.write(ADVISOR.advise(read.withCluster(ClusterJson.parse(cluster, nodeTypes)))),
                AdviceJson.write(ADVISOR.advise(cached.withCluster(ClusterJson.parse(cluster, nodeTypes)))), scenario + " on a cluster");
    }
}
