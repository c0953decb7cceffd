package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.chart.Chart;
import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.SlackApiTextResponse;
import io.sparkadvisor.templates.slack.SlackMessage;

/**
 * One parent message in a channel and the thread under it, where everything about one ask goes:
 * replies are never broadcast to the channel, so the channel sees one line per ask.
 */
final class SlackThread {
    private final MethodsClient client;
    private final String channel;
    private final String parentTs;

    private SlackThread(MethodsClient client, String channel, String parentTs) {
        this.client = client;
        this.channel = channel;
        this.parentTs = parentTs;
    }

    static SlackThread open(MethodsClient client, String channel, SlackMessage parent) {
        var posted = call("chat.postMessage", () -> client.chatPostMessage(r -> r.channel(channel)
                .text(parent.text()).blocksAsString(parent.blocksJson()).unfurlLinks(false)));
        return new SlackThread(client, posted.getChannel() == null ? channel : posted.getChannel(), posted.getTs());
    }

    /** The thread under a parent posted earlier (a digest's retry goes on there). */
    static SlackThread existing(MethodsClient client, String channel, String parentTs) {
        return new SlackThread(client, channel, parentTs);
    }

    /** Posts in the thread; returns the reply's ts, for editing it later. */
    String reply(SlackMessage message) {
        return call("chat.postMessage", () -> client.chatPostMessage(r -> r.channel(channel).threadTs(parentTs)
                .text(message.text()).blocksAsString(message.blocksJson()).unfurlLinks(false))).getTs();
    }

    void edit(String ts, SlackMessage message) {
        call("chat.update", () -> client.chatUpdate(r -> r.channel(channel).ts(ts)
                .text(message.text()).blocksAsString(message.blocksJson())));
    }

    String channel() {
        return channel;
    }

    String parentTs() {
        return parentTs;
    }

    void editParent(SlackMessage message) {
        edit(parentTs, message);
    }

    /** Files upload v2 (get an upload URL, send the bytes, complete into this thread); no files.info round trip. */
    void upload(Chart chart) {
        call("files.uploadV2", () -> client.filesUploadV2(r -> r.channel(channel).threadTs(parentTs)
                .fileData(chart.png()).filename(chart.fileName()).title(chart.title()).altTxt(chart.title())
                .requestFileInfo(false)));
    }

    interface SlackCall<T extends SlackApiTextResponse> {
        T run() throws Exception;
    }

    /** The answer of a Web API call; a failed call, or an answer that is not ok, is a {@link SlackCallException} naming {@code method}. */
    static <T extends SlackApiTextResponse> T call(String method, SlackCall<T> call) {
        T response;
        try {
            response = call.run();
        } catch (Exception e) {
            throw new SlackCallException(method + " failed: " + e.getClass().getSimpleName(), e);
        }
        if (!response.isOk()) {
            throw new SlackCallException(method + " answered " + response.getError(), null);
        }
        return response;
    }
}
