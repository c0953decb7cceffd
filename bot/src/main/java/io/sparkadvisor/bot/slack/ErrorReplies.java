package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ask.UnclearAskException;
import io.sparkadvisor.databricks.WorkspaceAuthenticationException;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.WorkspaceUnavailableException;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.resolve.LinkJobMismatchException;
import io.sparkadvisor.databricks.resolve.OtherWorkspaceLinkException;
import io.sparkadvisor.knowledge.eventlog.EventLogException;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the person who asked reads when an analysis fails. Workspace errors already say what went
 * wrong and what to change; anything else is our bug: the stack trace goes to the log under a
 * reference, and Slack gets only the reference.
 */
final class ErrorReplies {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorReplies.class);

    private ErrorReplies() {}

    /** Says in the ask's thread what went wrong: on its progress line, and in its parent for those who only see the channel. */
    static void showIn(SlackThread thread, ProgressLine progress, Ask ask, Throwable error) {
        SlackMessage reply = of(error);
        try {
            progress.failed(reply);
            thread.editParent(SlackMessages.parent(ask.userId(), ask.query(), ErrorReply.WARNING.text("reason", reply.text())));
        } catch (SlackCallException e) {
            LOG.warn("cannot report a failure in {}: {}", ask.channel(), e.getMessage());
        }
    }

    static SlackMessage of(Throwable error) {
        if (error instanceof EventLogUnavailableException) {
            return SlackMessages.error(ErrorReply.NO_EVENT_LOG.text(), error.getMessage());
        }
        if (error instanceof OtherWorkspaceLinkException) {
            // Before "not found": the same run id in this workspace would be another run, so it is never looked up.
            return SlackMessages.error(ErrorReply.OTHER_WORKSPACE.text(), error.getMessage());
        }
        if (error instanceof LinkJobMismatchException) {
            return SlackMessages.error(ErrorReply.LINK_DOES_NOT_MATCH_RUN.text(), error.getMessage());
        }
        if (error instanceof WorkspaceNotFoundException) {
            return SlackMessages.error(ErrorReply.RUN_NOT_FOUND.text(), error.getMessage());
        }
        if (error instanceof WorkspacePermissionException) {
            return SlackMessages.error(ErrorReply.NOT_ALLOWED_TO_READ.text(), error.getMessage());
        }
        if (error instanceof WorkspaceUnavailableException) {
            return SlackMessages.error(ErrorReply.WORKSPACE_NOT_ANSWERING.text(), ErrorReply.TRY_AGAIN_LATER.text("detail", error.getMessage()));
        }
        if (error instanceof WorkspaceAuthenticationException) {
            return SlackMessages.error(ErrorReply.CANNOT_SIGN_IN.text(), error.getMessage());
        }
        if (error instanceof WorkspaceException || error instanceof UnclearAskException) {
            return SlackMessages.error(ErrorReply.CANNOT_LOOK.text(), error.getMessage());
        }
        if (error instanceof EventLogException) {
            return SlackMessages.error(ErrorReply.EVENT_LOG_UNREADABLE.text(), error.getMessage());
        }
        String reference = UUID.randomUUID().toString().substring(0, 8);
        LOG.error("analysis failed, reference {}", reference, error);
        return SlackMessages.error(ErrorReply.OUR_FAULT.text(), ErrorReply.REFERENCE.text("reference", reference));
    }
}
