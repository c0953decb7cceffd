package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.ActionsBlock;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.element.ButtonElement;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Verdict;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepDecisionTest {
    private static final Instant AT = Instant.parse("2026-12-03T10:42:00Z");

    @Test
    void anAppliedStepShowsWhoAndWhenWithRollBackAndARollBackLeavesOnlyTheLine() throws Exception {
        Finding skew = SlackMessagesTest.advice(SlackMessagesTest.corpusLogs()
                .filter(p -> p.getFileName().toString().equals("skew.log.gz")).findFirst().orElseThrow())
                .findings().stream().filter(f -> f.rule().equals("skew")).findFirst().orElseThrow();
        SlackMessage posted = SlackMessages.finding(skew, "4201-skew").get(0);

        String applied = StepDecision.decided(posted.blocksJson(), "4201-skew", 1, StepDecision.applied("U0ANA", AT), true);
        List<LayoutBlock> blocks = BlockKitAssertions.parse(new SlackMessage(posted.text(), applied));
        assertTrue(BlockKitAssertions.text(blocks).contains("Applied by <@U0ANA> <!date^1796294520^{date_short_pretty} at {time}|2026-12-03 at 10:42 UTC>"));
        List<ActionsBlock> actions = blocks.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast).toList();
        assertEquals(1, actions.size());
        ButtonElement rollBack = (ButtonElement) actions.get(0).getElements().get(0);
        assertEquals("Roll back", rollBack.getText().getText());
        assertEquals(new ApprovalIds.StepRef("4201-skew", 1), ApprovalIds.parse(rollBack.getValue()));

        String rolledBack = StepDecision.decided(applied, "4201-skew", 1, StepDecision.rolledBack("U0BOB", AT), false);
        List<LayoutBlock> after = BlockKitAssertions.parse(new SlackMessage(posted.text(), rolledBack));
        assertFalse(after.stream().anyMatch(ActionsBlock.class::isInstance));
        assertTrue(BlockKitAssertions.text(after).contains("Rolled back by <@U0BOB>"));
        assertFalse(BlockKitAssertions.text(after).contains("Applied by"));
        assertEquals(BlockKitAssertions.parse(posted).size(), after.size(), "the rest of the message stays as posted");
    }

    @Test
    void aRollBackFromTheVerdictPutsTheLineWhereItsButtonWasAndKeepsTheTable() {
        Verdict passed = new Verdict(true, List.of());
        SlackMessage verdict = ChangeMessages.verdict("4201-skew", new ChangeMessages.Subject("skew", 1, 42),
                new ChangeMessages.Judgement(4201, 4202, passed, Optional.empty()));

        String rolledBack = StepDecision.decided(verdict.blocksJson(), "4201-skew", 1, StepDecision.rolledBack("U0BOB", AT), false);
        List<LayoutBlock> after = BlockKitAssertions.parse(new SlackMessage(verdict.text(), rolledBack));
        assertFalse(after.stream().anyMatch(ActionsBlock.class::isInstance), "no second roll back");
        assertTrue(BlockKitAssertions.text(after).contains("its checks on run 4202"), BlockKitAssertions.text(after));
        assertTrue(BlockKitAssertions.text(after).contains("Rolled back by <@U0BOB>"), BlockKitAssertions.text(after));
        assertEquals(BlockKitAssertions.parse(verdict).size(), after.size(), "the button's place, nothing else");
    }
}
