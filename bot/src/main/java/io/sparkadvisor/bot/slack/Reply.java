package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.context.builtin.SlashCommandContext;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where an ask's short answers go, for the asker alone: the command's response URL, or an ephemeral message. */
sealed interface Reply {
    Logger LOG = LoggerFactory.getLogger(Reply.class);

    void say(String text);

    void send(List<SlackMessage> messages);

    /** The slash command's response URL, which works where the bot is no member. */
    record ResponseUrl(SlashCommandContext ctx) implements Reply {
        @Override
        public void say(String text) {
            try {
                ctx.respond(text);
            } catch (IOException e) {
                LOG.warn("response URL unreachable: {}", e.getClass().getSimpleName());
            }
        }

        @Override
        public void send(List<SlackMessage> messages) {
            for (SlackMessage m : messages) {
                try {
                    ctx.respond(r -> r.responseType("ephemeral").text(m.text()).blocks(SlackBot.blocks(m)));
                } catch (IOException e) {
                    LOG.warn("response URL unreachable: {}", e.getClass().getSimpleName());
                }
            }
        }
    }

    /** A mention or a direct message: chat.postEphemeral in its channel. */
    record Ephemeral(MethodsClient client, String channel, String user) implements Reply {
        @Override
        public void say(String text) {
            send(List.of(SlackMessages.notice(text)));
        }

        @Override
        public void send(List<SlackMessage> messages) {
            try {
                for (SlackMessage message : messages) {
                    client.chatPostEphemeral(r -> r.channel(channel).user(user).text(message.text()).blocksAsString(message.blocksJson()));
                }
            } catch (Exception e) {
                LOG.warn("cannot reply to {} in {}: {}", user, channel, e.getClass().getSimpleName());
            }
        }
    }
}
