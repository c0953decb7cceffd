package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The build precompiles the rule base from the DRL on the classpath now: what a process loads is what the DRL says. */
class RuleBaseTest {
    @Test
    void thePrecompiledRuleBaseIsBuiltFromTheCurrentDrl() throws IOException {
        try (InputStream module = resource(RuleBase.PRECOMPILED); InputStream digest = resource(RuleBase.PRECOMPILED + ".digest")) {
            assertNotNull(module, "the build's process-classes step (RuleBaseCompiler) wrote the module");
            assertEquals(RuleBase.drlDigest(), new String(digest.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void theLoadedRuleBaseHoldsEveryRulesDecisions() {
        long rules = RuleBase.get().getKiePackages().stream().mapToLong(p -> p.getRules().size()).sum();
        long declared = Rules.ALL.size();
        assertTrue(rules >= declared, rules + " rules for " + declared + " registered units");
    }

    private static InputStream resource(String path) {
        return RuleBase.class.getClassLoader().getResourceAsStream(path);
    }
}
