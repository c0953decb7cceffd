package io.sparkadvisor.bot.slack;

import io.sparkadvisor.databricks.emulator.RecordedPeople;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.util.List;
import java.util.Map;

/**
 * The people of the end-to-end tests in Databricks: each Slack user the tests use is a workspace user
 * under the email the fake Slack gives them ({@link FakeSlackApi#email}), in group {@link #TEAM}; a job
 * is shared with every workspace user (CAN VIEW) and managed by the team, unless a test says otherwise.
 */
final class TestPeople {
    static final String TEAM = "data-eng";
    /** Every Slack user id the end-to-end tests act as. */
    static final List<String> SLACK_USERS = List.of("U0ANA", "U0BOB", "U0BOSS", "U0CARL", "U0EVE", "U0NOBODY", "U0PREVIEW",
            "U0WARM", "U0WASTE", "U1", "U2");

    private TestPeople() {
    }

    static void enrol(WorkspaceEmulator emulator) {
        SLACK_USERS.forEach(id -> RecordedPeople.user(emulator, FakeSlackApi.email(id), TEAM));
    }

    static void shareJob(WorkspaceEmulator emulator, long jobId) {
        RecordedPeople.jobAcl(emulator, jobId, Map.of("users", "CAN_VIEW", TEAM, "CAN_MANAGE"));
    }
}
