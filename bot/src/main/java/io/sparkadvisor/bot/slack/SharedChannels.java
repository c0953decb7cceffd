package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import com.slack.api.model.Conversation;
import io.sparkadvisor.templates.replies.DigestReply;
import java.util.Optional;

/**
 * Whether a channel may get the cost digest, from Slack's own answer (conversations.info): never a
 * channel shared with another organisation (Slack Connect, {@code is_ext_shared}, or an invitation
 * to share it pending), and a channel shared across the workspaces of an Enterprise Grid
 * organisation ({@code is_org_shared}) only when {@code digest.orgSharedChannels} allows it. Asked
 * when a channel subscribes, before each scheduled digest (a channel can be shared at any time),
 * and before an on-demand scan, whose thread is a digest too. When Slack cannot tell (the bot is not in a private channel, Slack is down), the
 * answer is no.
 */
final class SharedChannels {
    private final boolean orgSharedAllowed;

    SharedChannels(boolean orgSharedAllowed) {
        this.orgSharedAllowed = orgSharedAllowed;
    }

    /** What to tell the asker when {@code channel} may not get cost data, Slack's failure to tell included; empty when it may. */
    Optional<String> refusal(MethodsClient slack, String channel, String target) {
        try {
            return barred(slack, channel, target);
        } catch (SlackCallException e) {
            return Optional.of(DigestReply.SHARING_UNKNOWN.text("target", target, "error", e.getMessage()));
        }
    }

    /**
     * Why {@code channel} may not get the digest ({@code target} names it in the sentence), or empty
     * when it may; a {@link SlackCallException} when Slack cannot tell.
     */
    Optional<String> barred(MethodsClient slack, String channel, String target) {
        Conversation info = SlackThread.call("conversations.info", () -> slack.conversationsInfo(r -> r.channel(channel))).getChannel();
        if (info.isExtShared() || info.isPendingExtShared()) {
            return Optional.of(DigestReply.EXTERNALLY_SHARED.text("target", target));
        }
        if (info.isOrgShared() && !orgSharedAllowed) {
            return Optional.of(DigestReply.ORG_SHARED.text("target", target));
        }
        return Optional.empty();
    }
}
