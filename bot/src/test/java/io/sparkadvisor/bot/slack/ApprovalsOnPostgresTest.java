package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.store.TestDatabases;
import org.junit.jupiter.api.BeforeAll;

class ApprovalsOnPostgresTest extends ApprovalsEndToEnd {
    @BeforeAll
    static void startBot() {
        start(TestDatabases.Kind.POSTGRESQL);
    }

    /** From the second of job 42's runs 4201..4220: each test asks about one, and this bot and its database are its own. */
    @Override
    long firstRun() {
        return 4202;
    }
}
