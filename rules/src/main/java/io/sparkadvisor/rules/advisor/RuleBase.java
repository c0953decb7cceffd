package io.sparkadvisor.rules.advisor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.KieModule;
import org.kie.api.builder.Message;

/**
 * The Drools rule base, shared by the process (a KieBase is thread-safe). The build compiles each
 * rule's {@code .drl} into Drools' executable model ({@link RuleBaseCompiler}); here that module is
 * loaded, in the background from the first {@link #warmUp}, so a command's parsing of the event
 * log and the loading overlap. A module missing, or compiled from other DRL than the classpath now
 * holds (an edit not yet built), is compiled from the DRL instead, which is slower but the same.
 */
final class RuleBase {
    /** Where the build puts the compiled module, on the classpath. */
    static final String PRECOMPILED = "io/sparkadvisor/rules/rule-base.kjar";
    private static volatile CompletableFuture<KieBase> kieBase;

    private RuleBase() {}

    /** Starts loading the rule base if nothing has, and returns at once. */
    static void warmUp() {
        if (kieBase == null) {
            synchronized (RuleBase.class) {
                if (kieBase == null) {
                    kieBase = CompletableFuture.supplyAsync(RuleBase::load);
                }
            }
        }
    }

    static KieBase get() {
        warmUp();
        return kieBase.join();
    }

    private static KieBase load() {
        KieServices ks = KieServices.Factory.get();
        byte[] precompiled = resource(PRECOMPILED);
        byte[] digest = resource(PRECOMPILED + ".digest");
        byte[] module = precompiled != null && digest != null && new String(digest, StandardCharsets.UTF_8).equals(drlDigest())
                ? precompiled : compile();
        KieModule loaded = ks.getRepository().addKieModule(ks.getResources().newByteArrayResource(module));
        return ks.newKieContainer(loaded.getReleaseId()).getKieBase();
    }

    /** The rules' DRL compiled to an executable-model KIE module (a jar's bytes). */
    static byte[] compile() {
        KieServices ks = KieServices.Factory.get();
        KieFileSystem kfs = ks.newKieFileSystem();
        kfs.writeKModuleXML(ks.newKieModuleModel().toXML());
        for (Rule<?> rule : Rules.ALL) {
            kfs.write("src/main/resources/" + rule.drl(), ks.getResources().newClassPathResource(rule.drl(), RuleBase.class));
        }
        KieBuilder builder = ks.newKieBuilder(kfs).buildAll(ExecutableModelProject.class);
        if (builder.getResults().hasMessages(Message.Level.ERROR)) {
            throw new IllegalStateException("the rule base does not compile: " + builder.getResults().getMessages());
        }
        return ((InternalKieModule) builder.getKieModule()).getBytes();
    }

    /** SHA-256 over every rule's DRL as the classpath holds it: what a precompiled module must have been built from. */
    static String drlDigest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Rule<?> rule : Rules.ALL) {
                sha.update(rule.drl().getBytes(StandardCharsets.UTF_8));
                sha.update(resource(rule.drl()));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = RuleBase.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
