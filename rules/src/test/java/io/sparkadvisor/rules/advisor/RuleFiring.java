package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kie.api.runtime.ClassObjectFilter;
import org.kie.api.runtime.KieSession;

/**
 * Test helper: fires the rule base on hand-made evidence, to test a rule's decision apart from any
 * log. Diagnoses the DRL made give way to another are left out; the others become findings as the
 * engine makes them (without the cited evidence and the merge by rule).
 */
public final class RuleFiring {
    private RuleFiring() {}

    public static List<Finding> fire(Map<String, String> overrides, Object... evidence) {
        Thresholds t = Thresholds.withOverrides(overrides);
        List<Finding> out = new ArrayList<>();
        for (Diagnosis d : diagnose(t, evidence)) {
            Rule<?> rule = Rules.of(d.evidence());
            Remedy remedy = rule.advise(d, t);
            out.add(new Finding(rule.id(), rule.layer(), d.severity(), remedy.title(), d.evidence().stageIds(),
                    EvidenceJson.of((Record) d.evidence()), remedy.recommendation(), remedy.savings()));
        }
        return out;
    }

    /** The standing diagnoses, in no particular order. */
    public static List<Diagnosis> diagnose(Thresholds t, Object... evidence) {
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.insert(t);
            for (Object e : evidence) {
                session.insert(e);
            }
            session.fireAllRules();
            List<GivesWay> yields = new ArrayList<>();
            session.getObjects(new ClassObjectFilter(GivesWay.class)).forEach(o -> yields.add((GivesWay) o));
            List<Diagnosis> out = new ArrayList<>();
            session.getObjects(new ClassObjectFilter(Diagnosis.class)).forEach(o -> {
                if (yields.stream().noneMatch(y -> y.yielding() == o)) {
                    out.add((Diagnosis) o);
                }
            });
            return out;
        } finally {
            session.dispose();
        }
    }
}
