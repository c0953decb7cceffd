package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.platform.ChangeGate;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
 * orders them by estimated impact. A finding's severity is its rule's, capped by what its saving puts at stake
 * ({@link Stake}) unless it is a reliability risk. A rule that matches several stages yields one finding: the one
 * with the largest impact, naming all the stages. A rule that throws is reported in
 * {@link Advice#failures()} while the others still report.
 */
public final class Advisor {
    private final Thresholds thresholds;
    private final List<Rule<?>> rules;
    private final Clock clock;

    public Advisor(Thresholds thresholds) {
        this(thresholds, Rules.ALL, Clock.systemUTC());
    }

    /**
     * With these rules' Java in place of the registered ones (a test swaps in a rule that throws); the DRL stays the rule
     * base's. {@code clock} dates the notes (a runtime past its end of support).
     */
    Advisor(Thresholds thresholds, List<Rule<?>> rules, Clock clock) {
        this.thresholds = thresholds;
        this.rules = List.copyOf(rules);
        this.clock = clock;
        RuleBase.warmUp(); // loads while the caller reads its event log
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    public Advice advise(RunFacts facts) {
        return advise(new RunView(facts));
    }

    /** A serverless run, from its statements in query history: the same rule base, whose serverless rules speak on it. */
    public Advice advise(ServerlessRun serverless) {
        return advise(new RunView(serverless));
    }

    private Advice advise(RunView run) {
        RunFacts facts = run.facts();
        List<RuleFailure> failures = new ArrayList<>();
        List<Evidence> evidence = new ArrayList<>();
        for (Rule<?> rule : rules) {
            try {
                evidence.addAll(rule.collect(run, thresholds));
            } catch (RuntimeException e) {
                failures.add(RuleFailure.of(rule.id(), "evidence", e));
            }
        }
        Stake stake = Stake.of(run);
        List<Finding> raw = judge(evidence, failures).stream().map(f -> stake.judge(f, thresholds)).toList();
        return new Advice(facts.application(), facts.coverage(), Outcome.of(facts), RunNotes.of(facts, LocalDate.now(clock)),
                net(mergeByRule(raw, run, failures), run, stake), failures);
    }

    /** The findings the rule base makes of these evidence records, in their order; a rule whose advice throws is added to {@code failures}. */
    List<Finding> judge(List<? extends Evidence> evidence, List<RuleFailure> failures) {
        Decisions decisions = decide(evidence);
        List<Finding> findings = new ArrayList<>();
        for (Diagnosis d : decisions.standing()) {
            Rule<?> rule = ruleOf(d.evidence());
            try {
                findings.add(finding(rule, d, decisions.yieldedTo(d)));
            } catch (RuntimeException e) {
                failures.add(RuleFailure.of(rule.id(), "advice", e));
            }
        }
        return findings;
    }

    /** The diagnoses that stand after the DRL's precedence decisions, in evidence order. */
    List<Diagnosis> standing(List<? extends Evidence> evidence) {
        return decide(evidence).standing();
    }

    private Rule<?> ruleOf(Evidence evidence) {
        return rules.stream().filter(r -> r.evidenceType() == evidence.getClass()).findFirst().orElseGet(() -> Rules.of(evidence));
    }

    /** The DRL's decisions over all evidence, in the order the evidence was computed. */
    private Decisions decide(List<? extends Evidence> evidence) {
        Map<Evidence, Integer> order = new IdentityHashMap<>();
        evidence.forEach(e -> order.putIfAbsent(e, order.size()));
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.insert(thresholds);
            evidence.forEach(session::insert);
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

        /** In evidence order: Drools' working memory has none, and the JSON must not change from run to run. */
        List<Diagnosis> yieldedTo(Diagnosis standing) {
            return all.stream().filter(d -> yields.stream().anyMatch(y -> y.standing() == standing && y.yielding() == d)).toList();
        }
    }

    private Finding finding(Rule<?> rule, Diagnosis d, List<Diagnosis> cited) {
        Remedy remedy = rule.advise(d, thresholds);
        Map<String, Object> evidence = EvidenceJson.of((Record) d.evidence());
        if (!cited.isEmpty()) {
            evidence.put("supersedes", cited.stream().map(this::superseded).toList());
        }
        return new Finding(rule.id(), rule.layer(), d.severity(), remedy.title(), d.evidence().stageIds(), evidence,
                remedy.recommendation(), remedy.savings(), rule.reliabilityRisk() ? remedy.risk() : "");
    }

    /** Savings net of the findings ranked before on the same stages ({@link NetSavings}), each judged again on what it has left. */
    private List<Finding> net(List<NetSavings.Claim> ranked, RunView run, Stake stake) {
        Map<Integer, Long> wall = new HashMap<>();
        run.finalStages().forEach(s -> wall.put(s.stageId(), s.wallMs()));
        List<Finding> out = new ArrayList<>(NetSavings.net(ranked, wall).stream().map(c -> stake.judge(c.finding(), thresholds)).toList());
        out.sort(BY_IMPACT);
        return out;
    }

    /** A diagnosis that gave way to the finding that cites it: its rule, severity and evidence. */
    private Map<String, Object> superseded(Diagnosis d) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rule", ruleOf(d.evidence()).id());
        out.put("severity", d.severity().id());
        out.put("evidence", EvidenceJson.of((Record) d.evidence()));
        return out;
    }

    static final Comparator<Finding> BY_IMPACT = Comparator
            .comparing((Finding f) -> f.severity()).reversed()
            .thenComparing(Comparator.comparingDouble((Finding f) -> f.savings().coreHours()).reversed())
            .thenComparing(Comparator.comparingLong((Finding f) -> f.savings().runtimeMs()).reversed())
            .thenComparing(Finding::rule);

    /**
     * {@code run}: the run the findings are about, on which their checks' baselines are measured and
     * whose compute decides which changes the bot may apply.
     */
    private static List<NetSavings.Claim> mergeByRule(List<Finding> raw, RunView run, List<RuleFailure> failures) {
        Map<String, List<Finding>> byRule = new LinkedHashMap<>();
        raw.forEach(f -> byRule.computeIfAbsent(f.rule(), k -> new ArrayList<>()).add(f));
        List<NetSavings.Claim> merged = new ArrayList<>();
        byRule.values().forEach(group -> {
            group.sort(BY_IMPACT);
            Finding top = group.get(0);
            try {
                merged.add(measured(top, group, run));
            } catch (RuntimeException e) {
                failures.add(RuleFailure.of(top.rule(), "checks", e));
            }
        });
        merged.sort(Comparator.comparing(NetSavings.Claim::finding, BY_IMPACT));
        return merged;
    }

    /** The rule's top finding naming every stage of its group, its steps' checks measured on the run and screened for its compute. */
    private static NetSavings.Claim measured(Finding top, List<Finding> group, RunView run) {
        TreeSet<Integer> stages = new TreeSet<>();
        group.forEach(f -> stages.addAll(f.stageIds()));
        Recommendation r = top.recommendation();
        Recommendation measured = new Recommendation(r.summary(), r.preconditions(),
                r.steps().stream().map(s -> ChangeGate.screen(s.measuredOn(run.facts()), run)).toList(), r.proof(), r.experiment());
        return new NetSavings.Claim(new Finding(top.rule(), top.layer(), top.severity(), top.title(), List.copyOf(stages),
                top.evidence(), measured, top.savings(), top.risk()), top.stageIds());
    }
}
