package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.WorkspaceUnavailableException;
import io.sparkadvisor.databricks.resolve.LinkJobMismatchException;
import io.sparkadvisor.databricks.resolve.OtherWorkspaceLinkException;
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
    void aLinkFromAnotherWorkspaceOrWithAnotherJobSaysSoAndHowToAsk() {
        SlackMessage other = ErrorReplies.of(new OtherWorkspaceLinkException("This link is from workspace 555 (b.example),"
                + " but this bot reads workspace 1 (a.example). Ask the spark-advisor installed for workspace 555, or paste a run of workspace 1."));
        assertTrue(other.text().startsWith("That run is in another Databricks workspace: This link is from workspace 555"), other.text());
        assertTrue(other.text().contains("Ask the spark-advisor installed for workspace 555"), other.text());
        SlackMessage job = ErrorReplies.of(new LinkJobMismatchException(1001, 7L, 8));
        assertTrue(job.text().startsWith("That link's job and run don't match: Run 1001 belongs to job 7, but the link names job 8."),
                job.text());
    }

    @Test
    void anInternalFailureShowsAReferenceAndNoDetail() {
        SlackMessage bug = ErrorReplies.of(new NullPointerException("Cannot invoke \"String.length()\" because \"x\" is null"));
        assertTrue(bug.text().contains("reference"), bug.text());
        assertFalse(bug.blocksJson().contains("NullPointerException") || bug.blocksJson().contains("String.length"), bug.blocksJson());
    }
}
