package io.sparkadvisor.rules.advisor;

import java.util.List;
import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;

/** The compiled Drools rule base: one {@code .drl} per layer, built once per process (about a second) and shared. */
final class RuleBase {
    static final List<String> FILES = List.of("rules/infrastructure.drl", "rules/execution.drl",
            "rules/data-access.drl", "rules/query-plan.drl");

    private static volatile KieBase kieBase;

    private RuleBase() {}

    static KieBase get() {
        KieBase kb = kieBase;
        if (kb == null) {
            synchronized (RuleBase.class) {
                kb = kieBase;
                if (kb == null) {
                    kb = build();
                    kieBase = kb;
                }
            }
        }
        return kb;
    }

    private static KieBase build() {
        KieServices ks = KieServices.Factory.get();
        KieFileSystem kfs = ks.newKieFileSystem();
        for (String file : FILES) {
            kfs.write("src/main/resources/" + file, ks.getResources().newClassPathResource(file, RuleBase.class));
        }
        KieBuilder builder = ks.newKieBuilder(kfs).buildAll();
        if (builder.getResults().hasMessages(Message.Level.ERROR)) {
            throw new IllegalStateException("the rule base does not compile: " + builder.getResults().getMessages());
        }
        return ks.newKieContainer(builder.getKieModule().getReleaseId()).getKieBase();
    }
}
