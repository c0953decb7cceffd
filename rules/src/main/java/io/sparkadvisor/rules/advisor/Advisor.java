package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.dataaccess.DataAccessEvidence;
import io.sparkadvisor.rules.execution.ExecutionEvidence;
import io.sparkadvisor.rules.infrastructure.InfrastructureEvidence;
import io.sparkadvisor.rules.queryplan.QueryPlanEvidence;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.kie.api.runtime.KieSession;

/**
 * Facts in, advice out: computes every rule's evidence, lets the rule base decide, and orders the
 * findings by estimated impact. A rule that matches several stages yields one finding: the one
 * with the largest impact, naming all the stages.
 */
public final class Advisor {
    private final Thresholds thresholds;

    public Advisor(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    public Advice advise(RunFacts facts) {
        RunView run = new RunView(facts);
        List<Object> evidence = new ArrayList<>();
        evidence.addAll(InfrastructureEvidence.collect(run, thresholds));
        evidence.addAll(ExecutionEvidence.collect(run));
        evidence.addAll(DataAccessEvidence.collect(run));
        evidence.addAll(QueryPlanEvidence.collect(run));
        List<Finding> raw = new ArrayList<>();
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.setGlobal("findings", raw);
            session.insert(thresholds);
            evidence.forEach(session::insert);
            session.fireAllRules();
        } finally {
            session.dispose();
        }
        return new Advice(facts.application(), facts.coverage(), mergeByRule(raw, facts));
    }

    static final Comparator<Finding> BY_IMPACT = Comparator
            .comparing((Finding f) -> f.severity()).reversed()
            .thenComparing(Comparator.comparingDouble((Finding f) -> f.savings().coreHours()).reversed())
            .thenComparing(Comparator.comparingLong((Finding f) -> f.savings().runtimeMs()).reversed())
            .thenComparing(Finding::rule);

    /** {@code facts}: the run the findings are about, on which their checks' baselines are measured. */
    private static List<Finding> mergeByRule(List<Finding> raw, RunFacts facts) {
        Map<String, List<Finding>> byRule = new LinkedHashMap<>();
        raw.forEach(f -> byRule.computeIfAbsent(f.rule(), k -> new ArrayList<>()).add(f));
        List<Finding> merged = new ArrayList<>();
        byRule.values().forEach(group -> {
            group.sort(BY_IMPACT);
            Finding top = group.get(0);
            TreeSet<Integer> stages = new TreeSet<>();
            group.forEach(f -> stages.addAll(f.stageIds()));
            Recommendation r = top.recommendation();
            Recommendation measured = new Recommendation(r.summary(), r.preconditions(),
                    r.steps().stream().map(s -> s.measuredOn(facts)).toList(), r.proof(), r.experiment());
            merged.add(new Finding(top.rule(), top.layer(), top.severity(), top.title(), List.copyOf(stages),
                    top.evidence(), measured, top.savings()));
        });
        merged.sort(BY_IMPACT);
        return merged;
    }
}
