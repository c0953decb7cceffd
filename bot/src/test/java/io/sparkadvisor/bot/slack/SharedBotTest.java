package io.sparkadvisor.bot.slack;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * End-to-end tests that share one bot per class: the class starts it in its {@code @BeforeAll}, with its own
 * settings, jobs and people; every test begins with no Slack or workspace call recorded; the bot stops after the
 * class. Test classes run one after another, so one field serves them all.
 */
abstract class SharedBotTest {
    static BotHarness bot;

    @AfterAll
    static void stopBot() throws Exception {
        bot.close();
        bot = null;
    }

    @BeforeEach
    void forgetEarlierCalls() {
        bot.slack.clear();
        bot.workspace.clearRequests();
    }
}
