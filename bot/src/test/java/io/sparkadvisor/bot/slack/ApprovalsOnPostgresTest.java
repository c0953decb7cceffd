package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.store.TestDatabases;
import org.junit.jupiter.api.BeforeAll;

class ApprovalsOnPostgresTest extends ApprovalsEndToEnd {
    @BeforeAll
    static void startBot() {
        start(TestDatabases.Kind.POSTGRESQL);
    }
}
