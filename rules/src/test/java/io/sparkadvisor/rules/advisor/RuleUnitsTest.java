package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.thresholds.Sources;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.ThresholdCatalogue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One rule is one unit: its Java package (descriptor, evidence, advice), its DRL beside it, its
 * messages file and one line in {@link Rules}. The checks here fail when a registered rule lacks a
 * file, when its id leaks into code outside its unit, or when its evidence keys go undocumented.
 */
class RuleUnitsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path MAIN_JAVA = ROOT.resolve("rules/src/main/java");
    private static final Path MAIN_RESOURCES = ROOT.resolve("rules/src/main/resources");
    private static final Path TEST_JAVA = ROOT.resolve("rules/src/test/java");
    private static final List<String> MODULES = List.of("knowledge", "rules", "databricks-client", "templates", "bot");

    static Stream<Rule<?>> rules() {
        return Rules.ALL.stream();
    }

    private static Path unitDir(Path base, Rule<?> rule) {
        return base.resolve(rule.evidenceType().getPackageName().replace('.', '/'));
    }

    /** Rules whose steps are code or table changes only: a person applies them and judges the next run. */
    private static final Set<String> MANUAL_ONLY = Set.of("broad-listing", "cardinality-explosion", "cluster-on-write",
            "delta-file-layout", "overread", "small-files", "serverless-queueing", "serverless-file-pruning",
            "serverless-repeated-scans", "serverless-spill", "serverless-photon", "serverless-row-explosion", "source-parallelism",
            "state-growth", "late-rows", "batch-overhead", "idle-always-on");
    private static final Pattern PASS = Pattern.compile("\\bP\\b");
    private static final Pattern FAIL = Pattern.compile("\\bF\\b");

    /**
     * Every check can fail: a rule the follow-up judges has a test, beside its unit or naming it, that judges its step
     * checks on an after-run where they must pass and one where they must fail ({@link Verdicts#outcomes}, P and F).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void aRuleWhoseStepsAreJudgedHasAStepCheckTestThatPassesAndFails(Rule<?> rule) throws IOException {
        if (MANUAL_ONLY.contains(rule.id())) {
            return;
        }
        Path unit = unitDir(TEST_JAVA, rule);
        try (Stream<Path> tests = Files.walk(TEST_JAVA)) {
            assertTrue(tests.filter(p -> p.toString().endsWith("Test.java")).anyMatch(p -> {
                String source = read(p);
                return (p.getParent().equals(unit) || source.contains("\"" + rule.id() + "\"")) && source.contains("outcomes(")
                        && PASS.matcher(source).find() && FAIL.matcher(source).find();
            }), "no test judges " + rule.id() + "'s step checks on a run that passes and one that fails");
        }
    }

    /** The rules left out above offer nothing the bot applies, so nothing the follow-up judges. */
    @Test
    void manualOnlyRulesOfferNoStepTheBotApplies() {
        for (String scenario : Corpus.scenarios()) {
            for (Finding f : RuleTesting.advise(Corpus.facts(scenario), Map.of()).findings()) {
                if (MANUAL_ONLY.contains(f.rule())) {
                    f.recommendation().steps().forEach(step -> assertTrue(step.changes().stream().noneMatch(Change::applicable)
                            && step.verify().isEmpty(), f.rule() + " step " + step.step() + " on " + scenario));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void hasEveryFileOfAUnit(Rule<?> rule) throws IOException {
        Path drl = MAIN_RESOURCES.resolve(rule.drl());
        assertTrue(Files.readString(drl).contains("rule \"" + rule.id()), drl + " must hold rule \"" + rule.id() + "\"");
        assertTrue(Files.exists(MAIN_RESOURCES.resolve(rule.messagesFile())), rule.messagesFile() + " is missing");
        try (Stream<Path> tests = Files.list(unitDir(TEST_JAVA, rule))) {
            assertTrue(tests.anyMatch(p -> p.toString().endsWith("Test.java")), "no test beside " + rule.id());
        }
        assertTrue(rule.thresholds().stream().allMatch(t -> t.key().startsWith(rule.id() + ".") || !t.key().contains(rule.id())),
                rule.id() + " declares a threshold outside its key space");
    }

    /** The id as code sees it: a string literal, a DRL rule name or a threshold key prefix (prose words do not count). */
    private static Pattern idPattern(String id) {
        return Pattern.compile("\"" + Pattern.quote(id) + "[\":]|(?<![\\w.-])" + Pattern.quote(id) + "\\.[a-zA-Z]");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void idAppearsOnlyInItsUnitTheRegistryAndItsMessages(Rule<?> rule) throws IOException {
        Pattern id = idPattern(rule.id());
        Path javaUnit = unitDir(MAIN_JAVA, rule);
        Path resourceUnit = unitDir(MAIN_RESOURCES, rule);
        Path messages = MAIN_RESOURCES.resolve(rule.messagesFile());
        List<String> outside = new ArrayList<>();
        for (String module : MODULES) {
            Path main = ROOT.resolve(module).resolve("src/main");
            try (Stream<Path> files = Files.walk(main)) {
                files.filter(Files::isRegularFile)
                        .filter(p -> !p.startsWith(javaUnit) && !p.startsWith(resourceUnit) && !p.equals(messages))
                        .filter(p -> id.matcher(read(p)).find())
                        .forEach(p -> outside.add(ROOT.relativize(p).toString()));
            }
        }
        assertEquals(List.of(), outside, "rule id " + rule.id() + " appears outside its unit");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void everyEvidenceComponentIsDocumentedOnTheRecord(Rule<?> rule) throws IOException {
        Class<?> type = rule.evidenceType();
        String source = Files.readString(MAIN_JAVA.resolve(type.getName().replace('.', '/') + ".java"));
        String javadoc = source.substring(0, source.indexOf("public record " + type.getSimpleName()));
        List<String> documented = new ArrayList<>();
        Matcher param = Pattern.compile("@param\\s+(\\w+)").matcher(javadoc);
        while (param.find()) {
            documented.add(param.group(1));
        }
        List<String> components = Stream.of(type.getRecordComponents()).map(RecordComponent::getName).toList();
        assertEquals(components, documented, type.getSimpleName() + ": @param tags must document every component, in order");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void everyThresholdCitesWhatAReaderCanOpen(Rule<?> rule) {
        for (Threshold t : rule.thresholds()) {
            assertTrue(t.source().contains("https://") || t.source().startsWith(Sources.OURS),
                    t.key() + ": its source must be an address or say it is our own choice: " + t.source());
            assertTrue(!t.doc().isBlank() && !t.unit().isBlank(), t.key() + " needs a doc and a unit");
        }
    }

    @org.junit.jupiter.api.Test
    void generalThresholdsCiteSourcesToo() {
        ThresholdCatalogue.all().values().forEach(t -> assertTrue(
                t.source().contains("https://") || t.source().startsWith(Sources.OURS), t.key() + ": " + t.source()));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.nio.charset.MalformedInputException e) {
            return ""; // binary resources
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
