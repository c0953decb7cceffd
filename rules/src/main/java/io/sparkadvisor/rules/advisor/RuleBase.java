package io.sparkadvisor.rules.advisor;

import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;

/** The compiled Drools rule base: each rule's {@code .drl}, built once per process (about a second) and shared. */
final class RuleBase {
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
        for (Rule<?> rule : Rules.ALL) {
            kfs.write("src/main/resources/" + rule.drl(), ks.getResources().newClassPathResource(rule.drl(), RuleBase.class));
        }
        KieBuilder builder = ks.newKieBuilder(kfs).buildAll();
        if (builder.getResults().hasMessages(Message.Level.ERROR)) {
            throw new IllegalStateException("the rule base does not compile: " + builder.getResults().getMessages());
        }
        return ks.newKieContainer(builder.getKieModule().getReleaseId()).getKieBase();
    }
}
