package io.sparkadvisor.templates.slack;

import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.MetricRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.ActionsBlock;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.element.ButtonElement;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.FollowUp;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.NoiseBand;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.advisor.Verdict;
import io.sparkadvisor.templates.slack.ChangeMessages.Decided;
import io.sparkadvisor.templates.slack.ChangeMessages.Settled;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChangeMessagesTest {
    private static final Subject SKEW_STEP_1 = new Subject("skew", 1, 42);
    private static final MetricCheck MAX_TO_MEDIAN = new MetricCheck(MetricRef.parse("stage[3].maxToMedian"), Comparison.BELOW, 3,
            "longest task < 3x the median in stage 3");

    private static List<ButtonElement> buttons(List<LayoutBlock> blocks) {
        return blocks.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast)
                .flatMap(a -> a.getElements().stream()).map(ButtonElement.class::cast).toList();
    }

    @Test
    void thePassedVerdictIsATableThatStillOffersItsRollBack() {
        Verdict v = new Verdict(true, List.of(new Verdict.Row(MAX_TO_MEDIAN, OptionalDouble.of(11), OptionalDouble.of(1), true)));
        SlackMessage m = ChangeMessages.verdict("4201-skew", SKEW_STEP_1, new ChangeMessages.Judgement(4201, 4202, v, Optional.empty()));
        List<LayoutBlock> blocks = BlockKitAssertions.parse(m);

        String text = BlockKitAssertions.text(blocks);
        assertTrue(text.startsWith("Step 1 of `skew` :white_check_mark: passed its checks on run 4202."), text);
        assertTrue(text.contains("run 4201") && text.contains("run 4202"), "each column names its run: " + text);
        assertTrue(text.contains("longest task &lt; 3x the median in stage 3  11x           1.0x          pass"), text);
        ButtonElement rollBack = buttons(blocks).get(0);
        assertEquals(List.of(ApprovalIds.ROLL_BACK), buttons(blocks).stream().map(ButtonElement::getActionId).toList(),
                "a downstream problem may show after the checks passed");
        assertEquals(new ApprovalIds.StepRef("4201-skew", 1), ApprovalIds.parse(rollBack.getValue()));
    }

    @Test
    void theTableShowsTheBaselinesBandPerInputAndSaysWhenOneRunMadeItAGuess() {
        MetricCheck notSlower = new MetricCheck(MetricRef.parse("appDurationMs"), Comparison.AT_MOST_BASELINE_TIMES, 1.05, "the run takes at most 5% longer");
        var banded = new RunHistory.Before(new NoiseBand(72_000, 8_000, 5), OptionalDouble.of(2));
        Verdict v = new Verdict(true, List.of(new Verdict.Row(notSlower, OptionalDouble.of(72_000), OptionalDouble.of(150_000), true,
                Optional.of(banded), Optional.empty()), new Verdict.Row(MAX_TO_MEDIAN, OptionalDouble.of(11), OptionalDouble.of(1), true)));
        String summary = ChangeMessages.verdictSummary(SKEW_STEP_1, new ChangeMessages.Judgement(4201, 4202, v, Optional.empty()));
        assertTrue(summary.contains("baseline band"), summary);
        assertTrue(summary.contains("pass  ±8.0 s over 5 runs, per input (2.0x)"), summary);
        assertTrue(!summary.contains("a guess"), summary);

        var oneRun = new RunHistory.Before(NoiseBand.single(72_000), OptionalDouble.empty());
        Verdict guess = new Verdict(true, List.of(new Verdict.Row(notSlower, OptionalDouble.of(72_000), OptionalDouble.of(74_000), true,
                Optional.of(oneRun), Optional.empty())));
        String guessed = ChangeMessages.verdictSummary(SKEW_STEP_1, new ChangeMessages.Judgement(4201, 4202, guess, Optional.empty()));
        assertTrue(guessed.contains("±0 ms over 1 run, a guess") && guessed.contains("the noise band is a guess"), guessed);
    }

    @Test
    void aFailedVerdictOffersRollBackOnTheStepAndSaysWhyWhenNothingWasMeasured() {
        Verdict unread = new Verdict(true, List.of(new Verdict.Row(MAX_TO_MEDIAN, OptionalDouble.of(11), OptionalDouble.empty(), false)));
        List<LayoutBlock> blocks = BlockKitAssertions.parse(ChangeMessages.verdict("4201-skew", SKEW_STEP_1, new ChangeMessages.Judgement(4201, 4202, unread, Optional.empty())));

        assertTrue(BlockKitAssertions.text(blocks).contains(":x: failed its checks on run 4202. The run's event log could not be read"));
        ButtonElement rollBack = buttons(blocks).get(0);
        assertEquals("Roll back", rollBack.getText().getText());
        assertEquals(ApprovalIds.ROLL_BACK, rollBack.getActionId());
        assertEquals(new ApprovalIds.StepRef("4201-skew", 1), ApprovalIds.parse(rollBack.getValue()));
        assertTrue(ChangeMessages.verdictHeadline(SKEW_STEP_1, 4202, new Verdict(false, unread.rows()))
                .endsWith("The run itself failed, which fails the step."));
        assertTrue(ChangeMessages.verdictHeadline(SKEW_STEP_1, 4202, new Verdict(true, List.of()))
                .contains("no checks the bot can measure"));
        Verdict baselineGone = new Verdict(true, List.of(new Verdict.Row(MAX_TO_MEDIAN, OptionalDouble.empty(), OptionalDouble.of(1), false)));
        assertTrue(ChangeMessages.verdictHeadline(SKEW_STEP_1, 4202, baselineGone)
                .endsWith("The event log of the run the advice came from is gone, so there was nothing to compare with."));
    }

    @Test
    void aStageTheJudgedRunNumbersAnewOrDoesNotHaveIsNamedUnderTheTable() {
        MetricCheck even = new MetricCheck(Metric.MAX_TO_MEDIAN.ofStage(2), Comparison.BELOW, 3, "longest task < 3x the median in stage 2")
                .measuredOn(Corpus.facts("skew"));
        Verdict renumbered = FollowUp.evaluate(List.of(even), (RunFacts) null, Corpus.facts("skew-aqe-skewjoin"), true);
        String passed = ChangeMessages.verdictSummary(SKEW_STEP_1, new ChangeMessages.Judgement(4201, 4202, renumbered, Optional.empty()));
        assertTrue(passed.contains("In run 4202, stage 2 is stage 4 (100% alike: HashAggregate, Project, Sort, SortMergeJoin reading"
                + " hashpartitioning(market_id))."), passed);

        Verdict otherJob = FollowUp.evaluate(List.of(even), (RunFacts) null, Corpus.facts("healthy"), true);
        List<LayoutBlock> blocks = BlockKitAssertions.parse(ChangeMessages.verdict("4201-skew", SKEW_STEP_1,
                new ChangeMessages.Judgement(4201, 4203, otherJob, Optional.empty())));
        String text = BlockKitAssertions.text(blocks);
        assertTrue(text.contains("11x           not comparable  FAIL"), text);
        assertTrue(text.contains("In run 4203, stage 2 is not comparable: no stage does what it did"), text);
        assertEquals("Roll back", buttons(blocks).get(0).getText().getText());
    }

    @Test
    void theNextStepHasItsChangesChecksAndApproveAndRejectOnTheBlockTheDeskEdits() {
        Step next = new Step(2, List.of(Change.envVar("SPARK_WORKER_CORES", 8), Change.code("tidy up", "df.cache()")),
                List.of("CPU share of stage 0 rises again"), "Roll back if the run is slower.");
        List<LayoutBlock> blocks = BlockKitAssertions.parse(ChangeMessages.nextStep("4301-io-bound-slots", "io-bound-slots", next));

        assertEquals("*Next: step 2 of `io-bound-slots`*\n• spark_env_vars `SPARK_WORKER_CORES` = `8`\n"
                + "*Check after the next full run*\n• CPU share of stage 0 rises again\n:leftwards_arrow_with_hook: Roll back if the run is slower.",
                BlockKitAssertions.text(blocks).strip());
        ActionsBlock actions = blocks.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast).findFirst().orElseThrow();
        assertEquals(ApprovalIds.blockId("4301-io-bound-slots", 2), actions.getBlockId());
        String value = ApprovalIds.value("4301-io-bound-slots", 2);
        assertEquals(List.of(ApprovalIds.APPROVE + "=" + value, ApprovalIds.REJECT + "=" + value),
                buttons(blocks).stream().map(b -> b.getActionId() + "=" + b.getValue()).toList());
    }

    @Test
    void threadNotesMentionTheUserButEscapeNamesThatCouldPingAChannel() {
        String applied = BlockKitAssertions.text(BlockKitAssertions.parse(
                ChangeMessages.applied(new Subject("<!channel>", 1, 42), "U0ANA", "spark_conf `a` = `<b>`")));
        assertTrue(applied.startsWith(":white_check_mark: <@U0ANA> approved step 1 of `&lt;!channel&gt;`, and job 42 now has"
                + " spark_conf `a` = `&lt;b&gt;`."), applied);

        for (Settled outcome : Settled.values()) {
            String note = BlockKitAssertions.text(BlockKitAssertions.parse(ChangeMessages.settled("4201-skew", SKEW_STEP_1, "U0ANA", outcome, "HTTP 504")));
            assertTrue(note.contains("step 1 of `skew`") && note.contains("<@U0ANA>") && note.contains("job 42"), note);
        }
        String pending = BlockKitAssertions.text(BlockKitAssertions.parse(ChangeMessages.settled("4201-skew", SKEW_STEP_1, "U0ANA", Settled.PENDING, "<!here>")));
        assertTrue(pending.contains("could not read the job back to confirm it took (&lt;!here&gt;)"), pending);
        String released = BlockKitAssertions.text(BlockKitAssertions.parse(ChangeMessages.settled("4201-skew", SKEW_STEP_1, "U0ANA", Settled.RELEASED, "HTTP 504")));
        assertTrue(released.contains("nothing changed. Approve it again"), released);
        String decided = BlockKitAssertions.text(BlockKitAssertions.parse(ChangeMessages.alreadyDecided(SKEW_STEP_1, "applied", "U0BOB")));
        assertTrue(decided.startsWith("Step 1 of `skew` is already applied (by <@U0BOB>); nothing more was done."), decided);
        String rolledBack = BlockKitAssertions.text(BlockKitAssertions.parse(ChangeMessages.rolledBack(SKEW_STEP_1, "U0BOB")));
        assertTrue(rolledBack.contains("<@U0BOB> rolled back step 1 of `skew`: job 42 has its settings from before"), rolledBack);
    }

    @Test
    void aLongHistoryRunsOverSeveralMessagesThatEachFitWithRenderedMentionsAndDates() {
        Instant at = Instant.parse("2026-12-03T10:42:00Z");
        List<Decided> decided = IntStream.range(0, 120).mapToObj(i -> new Decided("skew", 1, 4200 + i, "verified", "U0ANA", at,
                i == 0 ? "Step 1 of `skew` passed\n```check  before  after```" : null)).toList();

        List<SlackMessage> messages = ChangeMessages.history(42, decided);

        assertEquals(3, messages.size(), "121 blocks at 50 a message");
        String first = BlockKitAssertions.text(BlockKitAssertions.parse(messages.get(0)));
        assertTrue(first.startsWith("*Changes to job 42*\n• step 1 of `skew` (from run 4200): *verified* by <@U0ANA>"
                + " <!date^1796294520^{date_short_pretty} at {time}|2026-12-03 at 10:42 UTC>\nStep 1 of `skew` passed"), first);
        assertTrue(first.contains("(from run 4201): *verified* by <@U0ANA> <!date^1796294520^{date_short_pretty} at {time}|2026-12-03 at 10:42 UTC>\n"
                + "• step 1 of `skew` (from run 4202)"), "a change without a verdict has no verdict line");
        messages.forEach(BlockKitAssertions::parse);
    }
}
