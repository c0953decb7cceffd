package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.store.TestDatabases;
import org.junit.jupiter.api.BeforeAll;

class ApprovalsOnH2Test extends ApprovalsEndToEnd {
    @BeforeAll
    static void startBot() {
        start(TestDatabases.Kind.H2);
    }
}
