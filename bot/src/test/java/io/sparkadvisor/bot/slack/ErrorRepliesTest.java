package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.WorkspaceUnavailableException;
import io.sparkadvisor.templates.slack.SlackMessage;
import org.junit.jupiter.api.Test;

/** Failures read as what happened and what to do; our own bugs show a reference, never a stack trace. */
class ErrorRepliesTest {
    @Test
    void workspaceFailuresKeepTheirAdvice() {
        SlackMessage unreachable = ErrorReplies.of(new WorkspaceUnavailableException("The workspace answered 503 three times.", null));
        assertTrue(unreachable.text().startsWith("The Databricks workspace is not answering"), unreachable.text());
        assertTrue(unreachable.text().contains("Try again in a few minutes"));
        SlackMessage denied = ErrorReplies.of(new WorkspacePermissionException("Ask for CAN VIEW on job 7.", null));
        assertTrue(denied.text().contains("not allowed") && denied.text().contains("CAN VIEW on job 7"), denied.text());
    }

    @Test
    void anInternalFailureShowsAReferenceAndNoDetail() {
        SlackMessage bug = ErrorReplies.of(new NullPointerException("Cannot invoke \"String.length()\" because \"x\" is null"));
        assertTrue(bug.text().contains("reference"), bug.text());
        assertFalse(bug.blocksJson().contains("NullPointerException") || bug.blocksJson().contains("String.length"), bug.blocksJson());
    }
}
