package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.ActionsBlock;
import com.slack.api.model.block.HeaderBlock;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.element.ButtonElement;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.templates.TextReport;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every Slack template rendered from real advice on the corpus logs, parsed by Slack's Block Kit model. */
class SlackMessagesTest {
    private static final Advisor ADVISOR = new Advisor(Thresholds.defaults());

    static Stream<Path> corpusLogs() throws IOException {
        try (Stream<Path> files = Files.list(Corpus.dir())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".log.gz")).sorted().toList().stream();
        }
    }

    static Advice advice(Path log) {
        return ADVISOR.advise(RunFactsReader.read(log));
    }

    @ParameterizedTest
    @MethodSource("corpusLogs")
    void summaryAndEveryFindingFitSlack(Path log) {
        Advice advice = advice(log);
        List<SlackMessage> summary = SlackMessages.summary("Run 42 of nightly-etl", advice);
        assertEquals(1, summary.size());
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(summary.get(0)));
        advice.findings().stream().limit(SlackMessages.SUMMARY_FINDINGS)
                .forEach(f -> assertTrue(text.contains(slackEscaped(f.title())), f.title()));
        for (Finding f : advice.findings()) {
            for (SlackMessage m : SlackMessages.finding(f, "42-" + f.rule())) {
                BlockKitAssertions.parse(m);
            }
        }
    }

    @Test
    void theSkewFindingNamesTheKeyAndOffersApprovalOnTheApplicableStepOnly() throws IOException {
        Advice advice = advice(corpusLogs().filter(p -> p.getFileName().toString().equals("skew.log.gz")).findFirst().orElseThrow());
        Finding skew = advice.findings().stream().filter(f -> f.rule().equals("skew")).findFirst().orElseThrow();
        List<LayoutBlock> blocks = BlockKitAssertions.parse(SlackMessages.finding(skew, "4201-skew").get(0));
        assertTrue(BlockKitAssertions.text(blocks).contains("market_id"));
        List<ActionsBlock> actions = blocks.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast).toList();
        assertEquals(1, actions.size(), "step 2 changes code, which the bot cannot apply");
        assertEquals(ApprovalIds.blockId("4201-skew", 1), actions.get(0).getBlockId());
        List<String> labels = actions.get(0).getElements().stream().map(e -> ((ButtonElement) e).getText().getText()).toList();
        assertEquals(List.of("Approve", "Reject"), labels);
        ButtonElement approve = (ButtonElement) actions.get(0).getElements().get(0);
        assertEquals(ApprovalIds.APPROVE, approve.getActionId());
        assertEquals(new ApprovalIds.StepRef("4201-skew", 1), ApprovalIds.parse(approve.getValue()));
        assertTrue(blocks.get(0) instanceof HeaderBlock h && h.getText().getText().startsWith(":red_circle:"));
        assertTrue(skew.savings().runtimeMs() > 0);
        assertTrue(BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 4201", advice).get(0))).contains("Saves up to"),
                "the straggler's whole time is the most the run saves");
    }

    /** io-bound's two steps can both be applied; the second is offered only after the first is verified. */
    @Test
    void onlyTheFirstApplicableStepHasButtons() throws IOException {
        String cluster = Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json"));
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        Advice advice = ADVISOR.advise(Corpus.facts("io-bound").withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes))));
        Finding io = advice.findings().stream().filter(f -> f.rule().equals("io-bound-slots")).findFirst().orElseThrow();
        assertTrue(io.recommendation().steps().stream().filter(s -> s.changes().stream().anyMatch(Change::applicable)).count() >= 2,
                io.recommendation().steps().toString());
        List<LayoutBlock> blocks = BlockKitAssertions.parse(SlackMessages.finding(io, "7-io").get(0));
        List<ActionsBlock> actions = blocks.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast).toList();
        assertEquals(List.of(ApprovalIds.blockId("7-io", 1)), actions.stream().map(ActionsBlock::getBlockId).toList());
    }

    @Test
    void namesFromUsersCannotBreakTheJsonOrOpenSlackMarkup() {
        String evil = "nightly \"etl\" \\ <!channel> & <https://x|y>\n\ttab";
        SlackMessage m = SlackMessages.parent("U1", evil, "Resolving the run…");
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(m));
        assertTrue(text.contains("nightly \"etl\" \\ &lt;!channel&gt; &amp; &lt;https://x|y&gt;\n\ttab"), text);
    }

    @Test
    void helpProgressAndErrorsRender() {
        assertTrue(BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.help("/spark-advisor"))).contains("job:&lt;id&gt;"));
        BlockKitAssertions.parse(SlackMessages.progress("Downloading the event log: 3.2 of 10.0 MB (32%)"));
        BlockKitAssertions.parse(SlackMessages.notice("`history` is not available yet."));
        String error = BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.error("No event log", "Set cluster_log_conf")));
        assertTrue(error.contains("No event log") && error.contains("cluster_log_conf"));
    }

    @Test
    void aHealthyRunSaysSo() throws IOException {
        Advice healthy = advice(corpusLogs().filter(p -> p.getFileName().toString().equals("healthy.log.gz")).findFirst().orElseThrow());
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 1", healthy).get(0)));
        assertFalse(healthy.findings().stream().anyMatch(f -> f.severity().compareTo(io.sparkadvisor.rules.advisor.Severity.LOW) > 0));
        assertTrue(SlackMessages.headline("Run 1", healthy).contains("healthy"), text);
    }

    /** RAPIDS' gpu_oom log: job 32 failed at stage 34 on a GPU out-of-memory; the answer opens with that, before any finding. */
    @Test
    void aFailedRunLeadsWithItsFailedStageAndCause() {
        Advice failed = advice(Corpus.dir().resolve("external/spark-rapids-tools/gpu_oom_eventlog.zstd"));
        String cause = "Job 32 failed at stage 34: com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM: GPU OutOfMemory";
        assertTrue(SlackMessages.headline("Run 7", failed).startsWith("Run 7 failed: " + cause), SlackMessages.headline("Run 7", failed));
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 7", failed).get(0)));
        assertTrue(text.indexOf("The run failed.") >= 0 && text.indexOf(cause) > text.indexOf("The run failed."), text);
        assertTrue(text.indexOf(cause) < text.indexOf(slackEscaped(failed.findings().get(0).title())), "the outcome before the findings");
        String report = TextReport.render(failed);
        assertTrue(report.indexOf("THE RUN FAILED.") < report.indexOf("1. [") && report.contains("  " + cause), report);
        Advice healthy = advice(Corpus.log("healthy"));
        assertFalse(TextReport.render(healthy).contains("FAILED"));
        assertFalse(BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 1", healthy).get(0))).contains("failed"));
    }

    /** A Spark 4.0 log read against a DBR 15.4 cluster: the mismatch is named in the answer, as a note. */
    @Test
    void aNoteOnTheLogAndTheClusterIsShown() throws IOException {
        String cluster = Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json"));
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        Advice advice = ADVISOR.advise(Corpus.facts("skew-spark4").withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes))));
        String note = advice.notes().get(0).text();
        assertTrue(note.startsWith("The log was written by Spark 4.0"), note);
        assertTrue(BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 1", advice).get(0))).contains(note));
        assertTrue(TextReport.render(advice).contains("Note: " + note));
    }

    @Test
    void theSummarySaysWhenTheLogIsIncompleteOrHadCorruptLines() throws IOException {
        Advice healthy = advice(Corpus.log("healthy"));
        String whole = BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 1", healthy).get(0)));
        assertFalse(whole.contains("may be partial") || whole.contains("corrupt"), whole);
        Coverage c = healthy.coverage();
        Advice partial = new Advice(healthy.application(), new Coverage(c.events(), c.tasks(), 0, false, 2, 7, "x.log: bad",
                false, List.of(Coverage.APPLICATION_START, Coverage.APPLICATION_END)), healthy.findings());
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(SlackMessages.summary("Run 1", partial).get(0)));
        assertTrue(text.contains("the log has no application start and application end, so findings may be partial"), text);
        assertTrue(text.contains("2 corrupt lines skipped"), text);
        String report = TextReport.render(partial);
        assertTrue(report.contains("The log is incomplete (no application start and application end in it): findings may"
                + " be partial, they cover only what was logged."), report);
        assertTrue(report.contains("2 corrupt lines skipped (the first is line 7 of x.log: bad); the rest of the log was read."),
                report);
        assertFalse(TextReport.render(healthy).contains("corrupt"));
    }

    private static String slackEscaped(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
