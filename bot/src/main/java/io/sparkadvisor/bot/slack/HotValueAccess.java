package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Audience;
import io.sparkadvisor.bot.access.ChannelGroups;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.bot.hotvalue.HotValueSource;
import io.sparkadvisor.templates.replies.AccessReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may have a table's values read for them, and who may see them: the clicker needs SELECT on the
 * table in Unity Catalog (the bot's own grants are the means, not the authority); the values go in the
 * thread only when the channel's bound group may read the table too, else to the clicker by DM. A
 * Delta table read by path has no catalog grants to ask, so only workspace admins may have it read.
 */
final class HotValueAccess {
    private static final Logger LOG = LoggerFactory.getLogger(HotValueAccess.class);

    private final AccessService access;

    HotValueAccess(AccessService access) {
        this.access = access;
    }

    /** Why the clicker may not have the statement run; empty when they may (or when nothing would run). */
    Optional<String> refusal(MethodsClient client, String user, HotValueSource source) {
        SlackUsers directory = new SlackUsers(client);
        Decision decision = switch (source.kind()) {
            case TABLE -> access.maySelect(user, source.name(), directory);
            case DELTA_PATH -> access.mayReadByPath(user, source.name(), directory);
            case ELSEWHERE -> access.person(user, directory);
        };
        return decision instanceof Decision.Refused refused ? Optional.of(refused.reason()) : Optional.empty();
    }

    /** Where the values go: the finding's thread, or a direct message to the clicker with a note in the thread. */
    SlackThread valuesGo(MethodsClient client, SlackThread thread, String user, HotValueSource source) {
        if (audience(thread.channel(), source) == Audience.CHANNEL) {
            return thread;
        }
        SlackThread direct = SlackThread.existing(client, AskAdmission.directMessage(client, user), null);
        thread.reply(SlackMessages.notice(AccessReply.VALUES_SENT_PRIVATELY.text("table", source.name())));
        return direct;
    }

    private Audience audience(String channel, HotValueSource source) {
        if (source.kind() != HotValueSource.Kind.TABLE) {
            return ChannelGroups.isDirect(channel) ? Audience.CHANNEL : Audience.REQUESTER;
        }
        try {
            return access.forTable(channel, source.name());
        } catch (RuntimeException e) {
            LOG.warn("readers of {} unknown, sending its values privately: {}", source.name(), e.getMessage());
            return Audience.REQUESTER;
        }
    }
}
