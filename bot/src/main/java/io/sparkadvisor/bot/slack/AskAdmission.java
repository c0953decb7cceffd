package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ask.RunAnalysis;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Audience;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.templates.replies.AccessReply;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens to an ask before any answer is posted: who the asker is in Databricks, which run
 * they mean, whether they may see its job (CAN VIEW), and where the answer may go. A refusal reaches
 * the asker alone and nothing is posted or analysed; an answer not every member of the channel may
 * see goes to the asker by DM, with a one-line note in the channel.
 */
final class AskAdmission {
    private static final Logger LOG = LoggerFactory.getLogger(AskAdmission.class);

    private final RunAnalysis analysis;
    private final AccessService access;

    /** The thread the answer goes in, and the run; or the thread where the ask's failure to resolve is told. */
    record Admitted(SlackThread thread, RunRef ref, RuntimeException unresolved) {
    }

    AskAdmission(RunAnalysis analysis, AccessService access) {
        this.analysis = analysis;
        this.access = access;
    }

    /** Empty when the ask was refused (the asker was told why). */
    Optional<Admitted> admit(Ask ask, MethodsClient client) {
        SlackUsers directory = new SlackUsers(client);
        if (access.person(ask.userId(), directory) instanceof Decision.Refused refused) {
            return refuse(ask, client, refused);
        }
        RunRef ref;
        try {
            ref = analysis.resolve(ask.query());
        } catch (RuntimeException unresolved) {
            // An unknown run or job says nothing about anyone's: it is told where the ask was made, as it always was.
            return Optional.of(new Admitted(open(client, ask, ask.channel()), null, unresolved));
        }
        AccessService.OnJob viewing = access.mayViewJob(ask.userId(), ref.jobId(), ask.channel(), directory);
        if (viewing.decision() instanceof Decision.Refused refused) {
            return refuse(ask, client, refused);
        }
        if (viewing.audience() == Audience.CHANNEL) {
            return Optional.of(new Admitted(open(client, ask, ask.channel()), ref, null));
        }
        SlackThread privately = open(client, ask, directMessage(client, ask.userId()));
        note(client, ask, SlackMessages.notice(AccessReply.SENT_PRIVATELY.text("jobId", ref.jobId())));
        return Optional.of(new Admitted(privately, ref, null));
    }

    private static SlackThread open(MethodsClient client, Ask ask, String channel) {
        return SlackThread.open(client, channel, SlackMessages.parent(ask.userId(), ask.query(), AskReply.WORKING.text()));
    }

    /** The bot's direct-message channel with the person ({@code conversations.open}). */
    static String directMessage(MethodsClient client, String userId) {
        var opened = SlackThread.call("conversations.open", () -> client.conversationsOpen(r -> r.users(List.of(userId))));
        return opened.getChannel().getId();
    }

    private static Optional<Admitted> refuse(Ask ask, MethodsClient client, Decision.Refused refused) {
        whisper(client, ask, SlackMessages.notice(refused.reason()));
        return Optional.empty();
    }

    /** Only the asker sees it: ephemeral where the ask was made, else through the command's response URL. */
    static void whisper(MethodsClient client, Ask ask, SlackMessage message) {
        try {
            SlackThread.call("chat.postEphemeral", () -> client.chatPostEphemeral(r -> r.channel(ask.channel()).user(ask.userId())
                    .text(message.text()).blocksAsString(message.blocksJson())));
        } catch (SlackCallException e) {
            LOG.warn("cannot reply to {} in {}: {}", ask.userId(), ask.channel(), e.getMessage());
            ask.tellAsker().accept(message.text());
        }
    }

    /** The channel's one line about an answer sent elsewhere; where the bot may not post, the asker is told instead. */
    private static void note(MethodsClient client, Ask ask, SlackMessage message) {
        try {
            SlackThread.call("chat.postMessage", () -> client.chatPostMessage(r -> r.channel(ask.channel()).text(message.text())
                    .blocksAsString(message.blocksJson())));
        } catch (SlackCallException e) {
            LOG.warn("cannot note in {}: {}", ask.channel(), e.getMessage());
            ask.tellAsker().accept(message.text());
        }
    }
}
