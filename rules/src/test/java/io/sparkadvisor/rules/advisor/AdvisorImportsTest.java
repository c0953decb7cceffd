package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The advisor's core (metrics, checks, follow-up) imports no rule unit: what a metric needs from a rule's evidence lives
 * in a shared package ({@code execution/FailureCause}, {@code queryplan/JoinSide}). Only the registry lists the units.
 */
class AdvisorImportsTest {
    private static final Path ADVISOR = Path.of("src/main/java/io/sparkadvisor/rules/advisor");
    /** A rule unit's package: a layer, then the unit ({@code io.sparkadvisor.rules.execution.skew}). */
    private static final Pattern UNIT_IMPORT = Pattern.compile(
            "^import (static )?io\\.sparkadvisor\\.rules\\.(dataaccess|execution|infrastructure|queryplan)\\.[a-z]+\\.[A-Z].*;$",
            Pattern.MULTILINE);

    @Test
    void noAdvisorClassButTheRegistryImportsARuleUnit() throws IOException {
        try (Stream<Path> files = Files.list(ADVISOR)) {
            List<String> imports = files.filter(f -> !f.getFileName().toString().equals("Rules.java")).flatMap(AdvisorImportsTest::unitImports)
                    .toList();
            assertEquals(List.of(), imports);
        }
    }

    private static Stream<String> unitImports(Path file) {
        try {
            Matcher m = UNIT_IMPORT.matcher(Files.readString(file));
            return m.results().map(r -> file.getFileName() + ": " + r.group());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
