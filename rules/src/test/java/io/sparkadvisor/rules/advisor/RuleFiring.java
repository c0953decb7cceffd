package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kie.api.runtime.ClassObjectFilter;
import org.kie.api.runtime.KieSession;

/**
 * Test helper: fires the rule base on hand-made evidence, to test a rule's decision apart from any
 * log, and turns each diagnosis into its finding with the rule's advice (as the engine does, without
 * merging or giving way).
 */
public final class RuleFiring {
    private RuleFiring() {}

    public static List<Finding> fire(Map<String, String> overrides, Object... evidence) {
        Thresholds t = Thresholds.withOverrides(overrides);
        List<Diagnosis> diagnoses = new ArrayList<>();
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.insert(t);
            for (Object e : evidence) {
                session.insert(e);
            }
            session.fireAllRules();
            session.getObjects(new ClassObjectFilter(Diagnosis.class)).forEach(o -> diagnoses.add((Diagnosis) o));
        } finally {
            session.dispose();
        }
        List<Finding> findings = new ArrayList<>();
        for (Diagnosis d : diagnoses) {
            Rule<?> rule = Rules.of(d.evidence());
            Remedy remedy = rule.advise(d, t);
            findings.add(new Finding(rule.id(), rule.layer(), d.severity(), remedy.title(), d.evidence().stageIds(),
                    EvidenceJson.of((Record) d.evidence()), remedy.recommendation(), remedy.savings()));
        }
        return findings;
    }
}
