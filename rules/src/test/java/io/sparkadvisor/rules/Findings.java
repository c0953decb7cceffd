package io.sparkadvisor.rules;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;

/** Test helper: the finding a rule raises on a corpus scenario, and the numbers to cross-check it with. */
public final class Findings {
    private Findings() {}

    public static Optional<Finding> of(String rule, String scenario) {
        return of(rule, scenario, Map.of());
    }

    public static Optional<Finding> of(String rule, String scenario, Map<String, String> overrides) {
        return of(rule, Corpus.facts(scenario), overrides);
    }

    public static Optional<Finding> of(String rule, RunFacts facts, Map<String, String> overrides) {
        return RuleTesting.finding(RuleTesting.advise(facts, overrides), rule);
    }

    /** The final attempt of the finding's first stage, from the facts. */
    public static StageFacts stageOf(Finding f, String scenario) {
        return Corpus.facts(scenario).stage(f.stageIds().get(0)).orElseThrow();
    }

    /** The manifest's verified figures for a stage, when the corpus generator recorded them. */
    public static Optional<JsonNode> expectedStage(String scenario, int stageId) {
        JsonNode stages = Corpus.scenario(scenario).path("expect").path("stages");
        return StreamSupport.stream(stages.spliterator(), false).filter(s -> s.path("stageId").asInt() == stageId)
                .reduce((a, b) -> b);
    }
}
