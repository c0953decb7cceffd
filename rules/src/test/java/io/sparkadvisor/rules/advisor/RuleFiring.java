package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kie.api.runtime.KieSession;

/** Test helper: fires the rule base on hand-made evidence, to test a rule's decision apart from any log. */
public final class RuleFiring {
    private RuleFiring() {}

    public static List<Finding> fire(Map<String, String> overrides, Object... evidence) {
        List<Finding> findings = new ArrayList<>();
        KieSession session = RuleBase.get().newKieSession();
        try {
            session.setGlobal("findings", findings);
            session.insert(Thresholds.withOverrides(overrides));
            for (Object e : evidence) {
                session.insert(e);
            }
            session.fireAllRules();
        } finally {
            session.dispose();
        }
        return findings;
    }
}
