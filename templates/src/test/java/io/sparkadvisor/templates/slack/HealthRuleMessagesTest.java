package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.slack.api.model.block.ActionsBlock;
import com.slack.api.model.block.ContextBlock;
import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.element.ButtonElement;
import java.util.List;
import org.junit.jupiter.api.Test;

class HealthRuleMessagesTest {
    private static final String OFFER = ":bell: Alert when a run takes longer than 3.0 min?";

    @Test
    void theOfferCarriesTheStepOnItsButtonAndOnceSetTheLineTakesTheButtonsPlace() {
        List<LayoutBlock> offered = BlockKitAssertions.parse(HealthRuleMessages.offer(OFFER, "6101-skew@1.2", 1));
        ActionsBlock actions = offered.stream().filter(ActionsBlock.class::isInstance).map(ActionsBlock.class::cast).findFirst().orElseThrow();
        ButtonElement button = (ButtonElement) actions.getElements().get(0);
        assertEquals(ApprovalIds.SET_HEALTH_RULE, button.getActionId());
        assertEquals("Set the alert", button.getText().getText());
        assertEquals(new ApprovalIds.StepRef("6101-skew@1.2", 1), ApprovalIds.parse(button.getValue()));

        String set = HealthRuleMessages.set(OFFER, "Set by <@U0BOB>: RUN_DURATION_SECONDS > 180.");
        List<LayoutBlock> done = BlockKitAssertions.parse(new SlackMessage(OFFER, set));
        assertTrue(done.stream().noneMatch(ActionsBlock.class::isInstance), set);
        assertEquals(1, done.stream().filter(ContextBlock.class::isInstance).count(), set);
        assertTrue(BlockKitAssertions.text(done).contains("Alert when a run takes longer than 3.0 min?"), set);
        assertTrue(BlockKitAssertions.text(done).contains("Set by <@U0BOB>: RUN_DURATION_SECONDS > 180."), "the mention stays one: " + set);
    }

    @Test
    void aRuleIsNamedAsTheJobsSettingsHoldIt() {
        assertEquals("RUN_DURATION_SECONDS > 180", HealthRuleMessages.rule("RUN_DURATION_SECONDS", 180));
    }
}
