package io.sparkadvisor.rules.advisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step (Maven's process-classes, see rules/pom.xml): compiles every rule's DRL into Drools'
 * executable model, Java classes in a KIE module, and writes it beside the classes as
 * {@link RuleBase#PRECOMPILED}, with the digest of the DRL it came from. Loading that module takes
 * a fraction of a second; compiling the DRL when a process starts took three.
 */
public final class RuleBaseCompiler {
    private RuleBaseCompiler() {}

    /** {@code args[0]}: the module's output folder (target/classes). */
    public static void main(String[] args) throws IOException {
        Path module = Path.of(args[0]).resolve(RuleBase.PRECOMPILED);
        Files.createDirectories(module.getParent());
        Files.write(module, RuleBase.compile());
        Files.writeString(module.resolveSibling(module.getFileName() + ".digest"), RuleBase.drlDigest());
    }
}
