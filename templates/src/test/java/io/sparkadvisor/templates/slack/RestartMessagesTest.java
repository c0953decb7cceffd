package io.sparkadvisor.templates.slack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestartMessagesTest {
    private static final Subject STEP = new Subject("falling-behind", 1, 46);

    /** The approver is mentioned (not shown as escaped text) and the buttons' names are not turned into look-alikes. */
    @Test
    void aNoteMentionsWhoClickedAndNamesItsButtonsPlainly() {
        List<SlackMessage> notes = List.of(RestartMessages.awaiting("46-falling-behind", STEP, "U0BOB", "SPARK_WORKER_CORES=6"),
                RestartMessages.rolledBackAwaiting("46-falling-behind", STEP, "U0BOB"), RestartMessages.withdrawn(STEP, "U0BOB"),
                RestartMessages.restarted(STEP, "U0BOB", 4601, 4601), RestartMessages.restarted(STEP, "U0BOB", 0, 4601));
        for (SlackMessage note : notes) {
            String text = BlockKitAssertions.text(BlockKitAssertions.parse(note));
            assertTrue(text.contains("<@U0BOB> "), text);
            assertFalse(text.contains("&lt;") || text.contains("∗"), text);
        }
        String awaiting = BlockKitAssertions.text(BlockKitAssertions.parse(notes.get(0)));
        assertTrue(awaiting.startsWith(":arrows_counterclockwise: <@U0BOB> approved step 1 of `falling-behind`"), awaiting);
        assertTrue(awaiting.contains("\"Restart now\" cancels the active run"), awaiting);
    }

    /** A user id that is not one stays text: the template's mention cannot be turned into a broadcast by it. */
    @Test
    void aForgedUserIdCannotBroadcast() {
        String text = BlockKitAssertions.text(BlockKitAssertions.parse(RestartMessages.withdrawn(STEP, "U1> <!channel")));
        assertFalse(text.contains("<!channel"), text);
    }
}
