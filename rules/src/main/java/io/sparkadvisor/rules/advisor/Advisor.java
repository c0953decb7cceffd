package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.kie.api.runtime.ClassObjectFilter;
import org.kie.api.runtime.KieSession;

/**
 * Facts in, advice out: computes every rule's evidence, lets the rule base decide (what fires, how
 * severe, which finding gives way to which), turns each standing decision into a finding and
 * orders them by estimated impact. A rule that matches several stages yields one finding: the one
 * with the largest impact, naming all the stages. A rule that throws is reported in
 * {@link Advice#failures()} while the others still report.
 */
public final class Advisor {
    private final Thresholds thresholds;

    public Advisor(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    public Advice advise(RunFacts facts) {
        RunView run = new RunView(facts);
        List<RuleFailure> failures = new ArrayList<>();
        Map<Evidence, Integer> order = new IdentityHashMap<>();
        for (Rule<?> rule : Rules.ALL) {
            try {
                rule.collect(run, thresholds).forEach(e -> order.put(e, order.size()));
            } catch (RuntimeException e) {
                failures.add(RuleFailure.of(rule.id(), "evidence", e));
            }
        }
        List<Finding> raw = new ArrayList<>();
        Decisions decisions = decide(order);
        for (Diagnosis d : decisions.standing()) {
            Rule<?> rule = Rules.of(d.evidence());
            try {
                raw.add(finding(rule, d, decisions.yieldedTo(d)));
            } catch (RuntimeException e) {
                failures.add(RuleFailure.of(rule.id(), "advice", e));
            }
        }
        return new Advice(facts.application(), facts.coverage(), mergeByRule(raw, facts), failures);
    }

    /** The DRL's decisions over all evidence, in the order the evidence was computed. */
    private Decisions decide(Map<Evidence, Integer> order) {
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.insert(thresholds);
            order.keySet().stream().sorted(Comparator.comparing(order::get)).forEach(session::insert);
            session.fireAllRules();
            List<Diagnosis> diagnoses = new ArrayList<>();
            session.getObjects(new ClassObjectFilter(Diagnosis.class)).forEach(o -> diagnoses.add((Diagnosis) o));
            diagnoses.sort(Comparator.comparing(d -> order.get(d.evidence())));
            List<GivesWay> yields = new ArrayList<>();
            session.getObjects(new ClassObjectFilter(GivesWay.class)).forEach(o -> yields.add((GivesWay) o));
            return new Decisions(diagnoses, yields);
        } finally {
            session.dispose();
        }
    }

    private record Decisions(List<Diagnosis> all, List<GivesWay> yields) {
        List<Diagnosis> standing() {
            return all.stream().filter(d -> yields.stream().noneMatch(y -> y.yielding() == d)).toList();
        }

        List<Diagnosis> yieldedTo(Diagnosis standing) {
            return yields.stream().filter(y -> y.standing() == standing).map(GivesWay::yielding).toList();
        }
    }

    private Finding finding(Rule<?> rule, Diagnosis d, List<Diagnosis> cited) {
        Remedy remedy = rule.advise(d, thresholds);
        Map<String, Object> evidence = EvidenceJson.of((Record) d.evidence());
        if (!cited.isEmpty()) {
            evidence.put("supersedes", cited.stream().map(c -> Map.of("rule", Rules.of(c.evidence()).id(),
                    "severity", c.severity().id(), "evidence", EvidenceJson.of((Record) c.evidence()))).toList());
        }
        return new Finding(rule.id(), rule.layer(), d.severity(), remedy.title(), d.evidence().stageIds(), evidence,
                remedy.recommendation(), remedy.savings());
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
