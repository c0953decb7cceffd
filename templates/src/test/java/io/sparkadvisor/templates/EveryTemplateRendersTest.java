package io.sparkadvisor.templates;

import io.sparkadvisor.rules.advisor.MetricRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.Coverage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.RuleFailure;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.advisor.Verdict;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import io.sparkadvisor.templates.replies.Replies;
import io.sparkadvisor.templates.replies.Reply;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.HealthRuleMessages;
import io.sparkadvisor.templates.slack.RestartMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Decided;
import io.sparkadvisor.templates.slack.ChangeMessages.Settled;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import io.sparkadvisor.templates.slack.CompareMessages;
import io.sparkadvisor.rules.compare.Comparer;
import io.sparkadvisor.rules.compare.Comparison;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.templates.slack.StepDecision;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Renders every template of this module ({@code templates/**.mustache}, through the Java that fills
 * it) and every entry of the replies catalogues ({@code templates/replies/*.yaml}) with a scope that
 * fills everything, and fails on a placeholder left unfilled: a name its scope lacks (the renderer is
 * strict and throws), a leftover {@code {{}, or a value that rendered as nothing. It also fails when
 * Java names a template or a catalogue entry that does not exist, or a file or an entry exists that
 * nothing renders. Every name a message carries is {@link #HOSTILE}, and every Slack message must show it as
 * text: no mention, no link, no emphasis, no code span it ends.
 */
class EveryTemplateRendersTest {
    /** A tag: its kind ({@code #}, {@code ^}, {@code /}, {@code !}, {@code &} or none) and its name. */
    private static final Pattern TAG = Pattern.compile("\\{\\{(\\{?)\\s*([#^/!&]?)\\s*([^}\\s]+)\\s*}?}}");
    /** A template's name as Java spells it: {@code "slack/finding.json"}, {@code "analyze.txt"}. */
    private static final Pattern TEMPLATE_NAME = Pattern.compile("\"([a-z][a-z/-]*\\.(?:json|txt))\"");
    private static final Path JAVA_SOURCES = Path.of("src/main/java");
    /** The sources, not the classpath: a file deleted from the sources may linger in target/classes. */
    private static final Path RESOURCES = Path.of("src/main/resources/templates");
    /** A job, run, table or key name written to format in Slack: a channel mention, emphasis, a bare link, @here and a backtick. */
    static final String HOSTILE = "<!channel> *x* _y_ ~z~ https://e.example @here `tick";
    /** What of {@link #HOSTILE} shows however it is made inert: the messages that carry it say so. */
    private static final String HOSTILE_SHOWS = "e.example";
    private static final Pattern BROADCAST = Pattern.compile("(?i)@(here|channel|everyone)|<!(here|channel|everyone)");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** How many rendered Slack messages carried {@link #HOSTILE}. */
    private static final AtomicInteger HOSTILE_MESSAGES = new AtomicInteger();

    // --- the template files -------------------------------------------------------------------------

    @Test
    void everyTemplateFileRendersThroughItsJavaWithNothingLeftUnfilled() throws IOException {
        Set<String> rendered = Collections.synchronizedSet(new TreeSet<>());
        Consumer<String> before = Templates.observer;
        Templates.observer = rendered::add;
        try {
            renderEveryMessage();
        } finally {
            Templates.observer = before;
        }
        Set<String> files = templateFiles();
        Set<String> renderedFiles = rendered.stream().filter(files::contains).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(files, renderedFiles, "every template file is rendered by this test through the Java that fills it");
    }

    @Test
    void aHostileNameFormatsNothingInAnyMessage() throws IOException {
        HOSTILE_MESSAGES.set(0);
        renderEveryMessage(); // json(...) checks each message's blocks and fallback text
        assertTrue(HOSTILE_MESSAGES.get() > 40, "the hostile name reached " + HOSTILE_MESSAGES.get() + " messages");
    }

    @Test
    void everyTemplateJavaNamesExistsAndEveryFileIsNamed() throws IOException {
        Set<String> named = new TreeSet<>();
        try (Stream<Path> sources = Files.walk(JAVA_SOURCES)) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = TEMPLATE_NAME.matcher(Files.readString(source));
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
        }
        Set<String> files = templateFiles();
        assertEquals(Set.of(), difference(named, files), "templates Java names that have no templates/<name>.mustache");
        assertEquals(Set.of(), difference(files, named), "template files no Java names");
    }

    // --- the replies catalogues ---------------------------------------------------------------------

    @Test
    void everyCatalogueEntryHasItsConstantAndEveryConstantItsEntry() throws IOException {
        Set<String> catalogues = new TreeSet<>();
        try (Stream<Path> files = Files.list(RESOURCES.resolve("replies"))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(n -> catalogues.add(n.replace(".yaml", "")));
        }
        assertEquals(catalogues, Replies.all().stream().map(Reply::catalogue).collect(Collectors.toCollection(TreeSet::new)),
                "each catalogue file has its enum in Replies.all()");
        for (String catalogue : catalogues) {
            Set<String> entries = new TreeSet<>(Replies.catalogue(catalogue).keySet());
            Set<String> constants = Replies.all().stream().filter(r -> r.catalogue().equals(catalogue)).map(Reply::entry)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(Set.of(), difference(constants, entries), "constants without an entry in replies/" + catalogue + ".yaml");
            assertEquals(Set.of(), difference(entries, constants), "entries of replies/" + catalogue + ".yaml no constant names");
        }
    }

    @Test
    void everyEntryRefersToExactlyWhatItsConstantFillsItWith() {
        for (Reply reply : Replies.all()) {
            Set<String> used = new TreeSet<>(variables(template(reply)));
            used.addAll(sections(template(reply)));
            assertEquals(new TreeSet<>(reply.fills()), used, where(reply));
        }
    }

    @Test
    void everyEntryRendersWithAFullScopeAndWithEverySectionOff() {
        for (Reply reply : Replies.all()) {
            List<Object> full = new ArrayList<>();
            List<Object> off = new ArrayList<>();
            for (String name : reply.fills()) {
                full.add(name);
                full.add(sample(name));
                off.add(name);
                off.add("");
            }
            String text = reply.text(full.toArray());
            assertFilled(where(reply), text);
            assertFalse(text.isBlank(), where(reply));
            for (String variable : variables(template(reply))) {
                assertTrue(text.contains(sample(variable)), where(reply) + ": {{" + variable + "}} rendered as nothing in: " + text);
            }
            assertFilled(where(reply) + " with every section off", reply.text(off.toArray()));
        }
    }

    // --- the renderer refuses what it cannot fill ---------------------------------------------------

    @Test
    void anUnfilledPlaceholderAMissingTemplateOrAWrongFillFailsInsteadOfRenderingAsNothing() {
        assertThrows(RuntimeException.class, () -> Templates.inline("test#typo", "Hello {{nmae}}", Map.of("name", "Ana")));
        assertThrows(RuntimeException.class, () -> Templates.inline("test#section", "{{#admin}}Hi{{/admin}}", Map.of("name", "Ana")));
        assertThrows(RuntimeException.class, () -> Templates.json("slack/no-such-message.json", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> AskReply.RESOLVING.text("qeury", "run:42"));
        assertThrows(IllegalArgumentException.class, () -> AskReply.RESOLVING.text());
        assertEquals("Resolving run:42…", AskReply.RESOLVING.text("query", "run:42"));
    }

    /** Every message this module renders, with every optional part present (and the alternatives of each). */
    private static void renderEveryMessage() throws IOException {
        Advisor advisor = new Advisor(Thresholds.defaults());
        List<Path> logs;
        try (Stream<Path> files = Files.list(Corpus.dir())) {
            logs = files.filter(p -> p.getFileName().toString().endsWith(".log.gz")).sorted().toList();
        }
        Finding skew = null;
        for (Path log : logs) {
            Advice advice = advisor.advise(RunFactsReader.read(log));
            json("summary of " + log.getFileName(), SlackMessages.summary("Run 42 of " + HOSTILE, advice));
            text("analyze of " + log.getFileName(), TextReport.render(advice));
            for (Finding f : advice.findings()) {
                json(f.rule() + " on " + log.getFileName(), SlackMessages.finding(f, "42-" + f.rule()));
                skew = f.rule().equals("skew") ? f : skew;
            }
        }
        Advice one = advisor.advise(RunFactsReader.read(Corpus.dir().resolve("skew.log.gz")));
        Advice crowded = new Advice(one.application(), new Coverage(100, 20, 0, true),
                Collections.nCopies(SlackMessages.SUMMARY_FINDINGS + 1, skew), List.of(new RuleFailure("spill", "evaluate", "boom")));
        Advice healthy = new Advice(one.application(), one.coverage(), List.of(), List.of());
        Finding hostile = hostile(skew);
        json("hostile finding", SlackMessages.finding(hostile, "42-skew", "42-skew-hot"));
        Advice named = new Advice(one.application(), one.coverage(), List.of(hostile), List.of());
        assertTrue(SlackMessages.finding(hostile, "42-skew", "42-skew-hot").get(0).blocksJson().contains("*Risk:* An attempt of the stage"),
                "the risk is said");
        assertTrue(TextReport.render(named).contains("   Risk: An attempt of the stage"), "the risk is said");
        for (Advice advice : List.of(crowded, healthy, named)) {
            json("summary", SlackMessages.summary("Run 42 of " + HOSTILE, advice));
            text("headline", SlackMessages.headline("Run 42", advice));
            text("analyze", TextReport.render(advice));
        }

        json("help", SlackMessages.help("/spark-advisor"));
        json("parent", SlackMessages.parent("U0ANA", HOSTILE, AskReply.INTERRUPTED.text("query", HOSTILE)));
        json("notice", SlackMessages.notice(AskReply.LOOKS_INTO.text("query", HOSTILE)));
        json("progress", SlackMessages.progress(AskReply.RESOLVING.text("query", HOSTILE)));
        json("error", SlackMessages.error("I can't find that run", "No job " + HOSTILE + "."));
        Comparer comparer = new Comparer(Thresholds.defaults());
        RunFacts sales = RunFactsReader.read(Corpus.dir().resolve("sales-report.log.gz"));
        for (String run : List.of("sales-report-3x", "sales-report-smj", "sales-report-again")) {
            Comparison c = comparer.compare(RunFactsReader.read(Corpus.dir().resolve(run + ".log.gz")), sales);
            json("why " + run, CompareMessages.why("Run 42 of " + HOSTILE, c, 4201, 3));
            json("why " + run + " against the run asked for", CompareMessages.why("Run 42 of " + HOSTILE, c, 4201, 0));
        }

        Subject subject = new Subject("skew", 1, 42);
        Step step = skew.recommendation().steps().get(0);
        json("already decided", ChangeMessages.alreadyDecided(subject, "applied", "U0BOB"));
        json("already decided by nobody known", ChangeMessages.alreadyDecided(subject, "applied", null));
        json("job gone", ChangeMessages.jobGone(subject));
        json("applied", ChangeMessages.applied(subject, "U0ANA", ChangeMessages.describe(step)));
        json("not applied", ChangeMessages.notApplied(subject, "The job " + HOSTILE + " was edited."));
        json("rolled back", ChangeMessages.rolledBack(subject, "U0ANA"));
        for (Settled outcome : Settled.values()) {
            json("settled " + outcome, ChangeMessages.settled("4201-skew", subject, "U0ANA", outcome, HOSTILE));
        }
        json("busy", ChangeMessages.busy(subject));
        MetricCheck check = new MetricCheck(MetricRef.parse("stage[3].maxToMedian"), MetricCheck.Comparison.BELOW, 3, "longest task < 3x the median");
        for (Verdict verdict : List.of(new Verdict(true, List.of(new Verdict.Row(check, OptionalDouble.of(11), OptionalDouble.of(1), true))),
                new Verdict(true, List.of(new Verdict.Row(check, OptionalDouble.of(11), OptionalDouble.of(5), false))),
                new Verdict(false, List.of(new Verdict.Row(check, OptionalDouble.of(11), OptionalDouble.of(5), false))),
                new Verdict(true, List.of()))) {
            json("verdict", ChangeMessages.verdict("42-skew", subject, new ChangeMessages.Judgement(4201, 4202, verdict, Optional.of(new Prediction(72_500, 61_200, true).against(64_000)))));
            text("verdict summary", ChangeMessages.verdictSummary(subject, new ChangeMessages.Judgement(4201, 4202, verdict, Optional.of(new Prediction(72_500, 61_200, false).against(80_000)))));
        }
        json("next step", ChangeMessages.nextStep("42-skew", "skew", step));
        String offer = HealthRuleReply.OFFER_DURATION.text("limit", "3.0 min", "factor", "1.5", "p95", "2.0 min", "runs", 3, "plural", true,
                "step", 1, "replaces", HealthRuleMessages.rule("RUN_DURATION_SECONDS", 600));
        json("health-rule offer", HealthRuleMessages.offer(offer, "42-skew", 1));
        json("health rule set", new SlackMessage(offer, HealthRuleMessages.set(offer, HealthRuleReply.SET_BY.text("user", "U0BOB",
                "rule", HealthRuleMessages.rule("RUN_DURATION_SECONDS", 180)))));
        json("health rule set note", HealthRuleMessages.mentioning(HealthRuleReply.SET_NOTE.text("user", "U0BOB", "rule",
                HealthRuleMessages.rule("RUN_DURATION_SECONDS", 180), "jobId", 42)));
        json("a continuous job's finding", SlackMessages.finding(skew, "42-skew", null, true));
        json("awaiting restart", RestartMessages.awaiting("42-skew", subject, "U0BOB", ChangeMessages.describe(step)));
        json("rolled back, awaiting restart", RestartMessages.rolledBackAwaiting("42-skew", subject, "U0BOB"));
        json("restarted", RestartMessages.restarted(subject, "U0BOB", 4201, 4200));
        json("restarted with nothing running", RestartMessages.restarted(subject, "U0BOB", 0, 4200));
        json("withdrawn", RestartMessages.withdrawn(subject, "U0BOB"));
        json("not restarted", RestartMessages.notRestarted(subject, "The run " + HOSTILE + " could not be cancelled"));
        List<RestartMessages.Row> rows = List.of(new RestartMessages.Row("input / processing rate", "1.92x", "1.00x", true),
                new RestartMessages.Row(HOSTILE, "4.1 s", "9.0 s", false));
        json("window verdict", RestartMessages.verdict("42-skew", subject, false, 4202, 4201, 50, 12, rows));
        text("window verdict summary", RestartMessages.verdictSummary(subject, true, 4202, 4201, 50, 12, rows));
        Instant at = Instant.parse("2026-12-03T10:42:00Z");
        json("history", ChangeMessages.history(42, List.of(new Decided("skew", 1, 4201, "verified", "U0ANA", at, "passed"),
                new Decided("skew", 2, 4201, "rejected", "U0BOB", at, null))));
        text("decided", StepDecision.applied("U0ANA", at) + StepDecision.rejected("U0ANA", at) + StepDecision.rolledBack("U0ANA", at));

        LocalDate monday = LocalDate.parse("2026-11-23");
        List<DigestReport.JobLine> jobs = List.of(
                new DigestReport.JobLine("42", HOSTILE, 14, new BigDecimal("500"), new BigDecimal("400")),
                new DigestReport.JobLine("7", null, 1, new BigDecimal("20"), BigDecimal.ZERO));
        for (String estimateReason : new String[] {null, "The billing tables cannot be read."}) {
            DigestReport full = new DigestReport(monday, monday.plusDays(7), "USD", estimateReason, new BigDecimal("1234.5"),
                    new BigDecimal("1000"), jobs, jobs.subList(0, 1),
                    List.of(new DigestReport.Waste("skew", "One task in stage 4 runs 18x longer", HOSTILE, 4201,
                                    new Savings(29_100, 1.2).upTo()),
                            new DigestReport.Waste("memory-overprovisioned", "42x the memory needed", "orders-ingest", 4202,
                                    Savings.ofNodes(1.5, 0.41))),
                    List.of(new DigestReport.Pending("skew", 42, 4201, 1, at)),
                    List.of(new DigestReport.Realised("io-bound-slots", 1, HOSTILE, new BigDecimal("12"), new BigDecimal("8.5"), 4)),
                    new DigestReport.TopFixes(20, List.of(new DigestReport.Fix(HOSTILE + " (job 42)", 4201, "skew", "One task runs 18x longer",
                            "spark.sql.adaptive.skewJoin.enabled = true", DigestReport.SavingBasis.RUN_TIME, 5_000, 40_000, new BigDecimal("40"),
                            new BigDecimal("5"), 7, new BigDecimal("35")),
                            new DigestReport.Fix("etl (job 9)", 901, "executor-packing", "7 of 8 cores idle", "spark.executor.cores = 8",
                                    DigestReport.SavingBasis.CORE_HOURS, 1.75, 2.08, new BigDecimal("20"), new BigDecimal("16.83"), 1,
                                    new BigDecimal("16.83")),
                            new DigestReport.Fix("etl (job 9)", 902, "idle", "Idle nodes", "num_workers = 2",
                                    DigestReport.SavingBasis.NODE_HOURS, 0.5, 1.5, new BigDecimal("20"), new BigDecimal("6.67"), 2,
                                    new BigDecimal("13.34")),
                            new DigestReport.Fix("etl (job 9)", 903, "memory-overprovisioned", "42x the memory needed",
                                    "node_type_id = m5.2xlarge", DigestReport.SavingBasis.LIST_DOLLARS, 0.289, 20, new BigDecimal("20"),
                                    new BigDecimal("0.29"), 3, new BigDecimal("0.87"))),
                            List.of(new DigestReport.Unanalysed(HOSTILE, "no log delivery", "Cluster " + HOSTILE + " has no log delivery")), 2));
            DigestReport quiet = new DigestReport(monday, monday.plusDays(7), "EUR", estimateReason, BigDecimal.TEN, BigDecimal.TEN,
                    List.of(), List.of(), List.of(), List.of(), List.of(), new DigestReport.TopFixes(3, List.of(), List.of(), 0));
            DigestReport costlier = full.withCostlier(List.of(
                    new DigestReport.Costlier("45", HOSTILE, new BigDecimal("1.01"), new BigDecimal("1.70"), 1, 4505, "More input: " + HOSTILE),
                    new DigestReport.Costlier("46", null, new BigDecimal("2"), new BigDecimal("3"), 2, 4602, "no earlier run")));
            for (DigestReport report : List.of(full, costlier, quiet)) {
                text("digest", DigestMessages.text(report));
                json("digest", DigestMessages.slack(report));
            }
        }
    }

    private static void json(String what, SlackMessage message) {
        json(what, List.of(message));
    }

    private static void json(String what, List<SlackMessage> messages) {
        assertFalse(messages.isEmpty(), what);
        for (SlackMessage m : messages) {
            assertFilled(what, m.text());
            assertFalse(m.blocksJson().contains("{{"), what + ": a tag left in " + m.blocksJson());
            assertFormatsNothing(what + " (fallback text)", m.text());
            for (JsonNode mrkdwn : mrkdwnObjects(what, m.blocksJson())) {
                assertTrue(mrkdwn.path("verbatim").asBoolean(), what + ": a mrkdwn text object without verbatim: " + mrkdwn);
                assertFormatsNothing(what, mrkdwn.path("text").asText());
            }
            if (m.blocksJson().contains(HOSTILE_SHOWS)) {
                HOSTILE_MESSAGES.incrementAndGet();
            }
        }
    }

    /** Nothing of {@link #HOSTILE} can format: no mention, no emphasis from it, every code span closed where the template closes it. */
    private static void assertFormatsNothing(String what, String text) {
        assertFalse(BROADCAST.matcher(text).find(), what + ": a broadcast mention in " + text);
        assertFalse(text.replace("<!date^", "").contains("<!"), what + ": an unescaped <! in " + text);
        String outsideBlocks = text.replaceAll("```[\\s\\S]*?```", "");
        assertFalse(outsideBlocks.contains("```"), what + ": a code block left open in " + text);
        assertEquals(0, outsideBlocks.chars().filter(c -> c == '`').count() % 2, what + ": an unbalanced code span in " + text);
        String outsideCode = outsideBlocks.replaceAll("`[^`]*`", "");
        for (String emphasis : List.of("*x*", "_y_", "~z~")) {
            assertFalse(outsideCode.contains(emphasis), what + ": the value's " + emphasis + " formats in " + text);
        }
    }

    private static List<JsonNode> mrkdwnObjects(String what, String blocksJson) {
        List<JsonNode> found = new ArrayList<>();
        try {
            MAPPER.readTree(blocksJson).findParents("type").stream().filter(n -> n.path("type").asText().equals("mrkdwn")).forEach(found::add);
        } catch (IOException e) {
            throw new AssertionError(what + ": not JSON: " + blocksJson, e);
        }
        return found;
    }

    /** {@code f} as if the job's log had named its table, key and values {@link #HOSTILE}. */
    private static Finding hostile(Finding f) {
        Map<String, Object> evidence = new java.util.LinkedHashMap<>(f.evidence());
        evidence.put("table", HOSTILE);
        evidence.put("partitionKeys", List.of(HOSTILE, "market_id"));
        List<Step> steps = f.recommendation().steps().stream().map(s -> new Step(s.step(),
                Stream.concat(s.changes().stream(), Stream.of(Change.code("salt " + HOSTILE, "df.join(" + HOSTILE + ")"),
                        Change.sparkConf(HOSTILE, HOSTILE))).toList(), List.of("the skew on " + HOSTILE + " is gone"),
                "rows of " + HOSTILE + " still skewed", s.verify())).toList();
        return new Finding(f.rule(), f.layer(), f.severity(), "Stage 4 of " + HOSTILE + " is skewed", f.stageIds(), evidence,
                new Recommendation("Salt " + HOSTILE, List.of(HOSTILE + " is a Delta table"), steps, "`" + HOSTILE + "` holds 85% of the rows",
                        "count rows of " + HOSTILE), f.savings(), "An attempt of the stage over " + HOSTILE + " failed.");
    }

    private static void text(String what, String text) {
        assertFalse(text.isBlank(), what);
        assertFilled(what, text);
    }

    private static void assertFilled(String what, String text) {
        assertFalse(text.contains("{{") || text.contains("}}"), what + ": a tag left in " + text);
    }

    /** {@code slack/finding.json} for {@code templates/slack/finding.json.mustache}. */
    private static Set<String> templateFiles() throws IOException {
        Path root = RESOURCES;
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".mustache"))
                    .map(p -> root.relativize(p).toString().replace('\\', '/').replaceFirst("\\.mustache$", ""))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static String template(Reply reply) {
        return Replies.catalogue(reply.catalogue()).get(reply.entry());
    }

    /** Names used as values ({@code {{name}}}, {@code {{{name}}}}, {@code {{&name}}}). */
    private static Set<String> variables(String template) {
        return tags(template, kind -> kind.isEmpty() || kind.equals("&"));
    }

    /** Names used as sections ({@code {{#name}}}, {@code {{^name}}}). */
    private static Set<String> sections(String template) {
        return tags(template, kind -> kind.equals("#") || kind.equals("^"));
    }

    private static Set<String> tags(String template, java.util.function.Predicate<String> kind) {
        Set<String> names = new TreeSet<>();
        Matcher m = TAG.matcher(template);
        while (m.find()) {
            if (kind.test(m.group(2)) && !m.group(3).equals(".")) {
                names.add(m.group(3));
            }
        }
        return names;
    }

    private static String sample(String name) {
        return "‹" + name + "›";
    }

    private static String where(Reply reply) {
        return "replies/" + reply.catalogue() + ".yaml: " + reply.entry();
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.removeAll(b);
        return out;
    }
}
