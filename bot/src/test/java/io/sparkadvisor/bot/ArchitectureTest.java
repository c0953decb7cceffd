package io.sparkadvisor.bot;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The shape of bot/, read from its compiled classes (bot/README.md says it in words): use cases in the
 * middle, the Slack adapter and the command line around them, the store below; no package cycle.
 */
class ArchitectureTest {
    private static final String BOT = "io.sparkadvisor.bot";
    private static final String[] USE_CASES = {BOT + ".ask..", BOT + ".approvals..", BOT + ".followup..", BOT + ".digest..",
            BOT + ".scan..", BOT + ".hotvalue..", BOT + ".compare.."};
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(BOT);

    /** A package that imports itself through others cannot be read, tested or changed on its own. */
    @Test
    void noPackageOfTheBotDependsOnItselfThroughAnother() {
        slices().matching(BOT + ".(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    /** Bolt, the Web API client and the payload models stay in the adapter: the use cases speak through their own ports. */
    @Test
    void onlyTheSlackAdapterSeesSlackTypes() {
        noClasses().that().resideOutsideOfPackage(BOT + ".slack..").should().dependOnClassesThat().resideInAPackage("com.slack..")
                .check(CLASSES);
    }

    /** Adapters call the use cases and the use cases call the store; never the other way round. */
    @Test
    void useCasesKnowNeitherSlackNorTheCommandLine() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("command line").definedBy(BOT + ".cli..")
                .layer("Slack adapter").definedBy(BOT + ".slack..")
                .layer("use cases").definedBy(USE_CASES)
                .layer("store").definedBy(BOT + ".store..")
                .whereLayer("command line").mayNotBeAccessedByAnyLayer()
                .whereLayer("Slack adapter").mayOnlyBeAccessedByLayers("command line")
                .whereLayer("use cases").mayOnlyBeAccessedByLayers("command line", "Slack adapter")
                .whereLayer("store").mayOnlyBeAccessedByLayers("command line", "Slack adapter", "use cases")
                .check(CLASSES);
    }
}
