package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.MovableClock;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The approver group's members are read from Slack once a minute at most, and never kept when the read fails. */
class ApproverGroupTest {
    @Test
    void aBurstOfClicksIsOneGroupReadAndTheNextMinuteReadsAgain() throws Exception {
        try (FakeSlackApi slack = new FakeSlackApi()) {
            MovableClock clock = new MovableClock();
            SlackUsers client = new SlackUsers(SlackBot.methods(BotHarness.socketModeSettings(slack)));
            ApprovalPolicy policy = ApprovalPolicy.fromEnvironment(Map.of("SPARK_ADVISOR_APPROVER_GROUP", FakeSlackApi.GROUP), clock);

            for (int click = 0; click < 5; click++) {
                assertTrue(policy.isApprover(client, FakeSlackApi.GROUP_MEMBER));
                assertFalse(policy.isApprover(client, "U0NOBODY"));
            }
            assertEquals(1, slack.calls("usergroups.users.list").size(), "ten checks, one read");

            clock.advance(ApprovalPolicy.GROUP_KEPT.plus(Duration.ofSeconds(1)));
            assertTrue(policy.isApprover(client, FakeSlackApi.GROUP_MEMBER));
            assertEquals(2, slack.calls("usergroups.users.list").size(), "an old read is read again");
        }
    }

    @Test
    void aGroupSlackCannotListMakesNobodyAnApproverAndIsAskedAgainNextTime() throws Exception {
        try (FakeSlackApi slack = new FakeSlackApi()) {
            SlackUsers client = new SlackUsers(SlackBot.methods(BotHarness.socketModeSettings(slack)));
            ApprovalPolicy policy = ApprovalPolicy.fromEnvironment(Map.of("SPARK_ADVISOR_APPROVER_GROUP", "S0GONE"), new MovableClock());

            assertFalse(policy.isApprover(client, FakeSlackApi.GROUP_MEMBER));
            assertFalse(policy.isApprover(client, FakeSlackApi.GROUP_MEMBER));
            assertEquals(2, slack.calls("usergroups.users.list").size(), "a failed read is not kept");
        }
    }
}
