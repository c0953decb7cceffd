package io.sparkadvisor.bot.slack;

import io.sparkadvisor.databricks.WorkspaceAuthenticationException;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.WorkspaceUnavailableException;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.knowledge.eventlog.EventLogException;
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

    static SlackMessage of(Throwable error) {
        if (error instanceof EventLogUnavailableException) {
            return SlackMessages.error("No Spark event log to read", error.getMessage());
        }
        if (error instanceof WorkspaceNotFoundException) {
            return SlackMessages.error("I can't find that run", error.getMessage());
        }
        if (error instanceof WorkspacePermissionException) {
            return SlackMessages.error("I'm not allowed to read that run", error.getMessage());
        }
        if (error instanceof WorkspaceUnavailableException) {
            return SlackMessages.error("The Databricks workspace is not answering", error.getMessage() + " Try again in a few minutes.");
        }
        if (error instanceof WorkspaceAuthenticationException) {
            return SlackMessages.error("I can't sign in to the Databricks workspace", error.getMessage());
        }
        if (error instanceof WorkspaceException || error instanceof UnclearAskException) {
            return SlackMessages.error("I couldn't look at that run", error.getMessage());
        }
        if (error instanceof EventLogException) {
            return SlackMessages.error("The run's event log could not be read", error.getMessage());
        }
        String reference = UUID.randomUUID().toString().substring(0, 8);
        LOG.error("analysis failed, reference {}", reference, error);
        return SlackMessages.error("Something went wrong on my side",
                "It is logged under reference " + reference + "; please pass it on to whoever runs spark-advisor.");
    }
}
