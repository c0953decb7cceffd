package io.sparkadvisor.bot.hotvalue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.access.Audience;
import io.sparkadvisor.bot.access.ChannelGroups;
import io.sparkadvisor.bot.access.Decision;
import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.approvals.ClickedMessage;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Found;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Outcome;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Told;
import io.sparkadvisor.bot.store.HotValues;
import io.sparkadvisor.bot.store.HotValues.Lookup;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.HotValueReply;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * "Find the hot value" on a skew finding: offered with the finding, and on a click by the person who asked or an
 * approver (anyone else is told only they may) who may also SELECT from the table in Databricks, claimed once, run on
 * the SQL warehouse and kept. Returns what came of the click; the Slack adapter posts it.
 */
public final class HotValueClicks {
    private static final Logger LOG = LoggerFactory.getLogger(HotValueClicks.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a click came to. */
    public sealed interface Result {
        /** Told to the clicker alone; nothing ran. */
        record Refused(String text) implements Result {}

        /** The value found: for the finding's thread, or for the clicker alone when the channel may not read the table. */
        record Answered(Lookup lookup, HotValueSource source, Found found, Audience audience) implements Result {}

        /** What stopped the lookup, with the query to run by hand, for the finding's thread. */
        record Stopped(Lookup lookup, String text) implements Result {}
    }

    /** A line the lookup says while it runs (which statement, how long), for the finding's thread. */
    public interface Progress {
        void line(Lookup lookup, String text);
    }

    private final HotValues store;
    private final HotValueLookup lookup;
    private final ApprovalPolicy policy;
    private final AccessService access;
    private final Clock clock;

    public HotValueClicks(HotValues store, HotValueLookup lookup, ApprovalPolicy policy, AccessService access, Clock clock) {
        this.store = store;
        this.lookup = lookup;
        this.policy = policy;
        this.access = access;
        this.clock = clock;
    }

    /** Records the offer of a posted finding that has a hot value to look up; returns the button's value, or empty for none. */
    public Optional<String> offer(Finding f, String postedId, long runId, Long jobId, String channel, String threadTs, String requester) {
        if (!HotValueSource.offeredFor(f.rule(), f.evidence())) {
            return Optional.empty();
        }
        try {
            store.offered(postedId, runId, jobId, channel, threadTs, requester, JSON.writeValueAsString(HotValueSource.kept(f.evidence())));
            return Optional.of(postedId);
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.warn("hot-value lookup of {} not offered", postedId, e);
            return Optional.empty(); // the finding stands without its button
        }
    }

    /** {@code user} clicked the button {@code id} on {@code message}; {@code directory} says who they are. */
    public Result click(String user, ClickedMessage message, String id, SlackDirectory directory, Progress progress) {
        Optional<Lookup> found = store.find(id);
        if (found.isEmpty()) {
            return new Result.Refused(HotValueReply.UNKNOWN_FINDING.text());
        }
        Lookup l = found.get();
        if (!message.isOrFollows(l.channel(), l.threadTs(), null)) {
            return new Result.Refused(ApprovalReply.NOT_THIS_MESSAGE.text());
        }
        if (!user.equals(l.requester()) && !policy.isApprover(directory, user)) {
            return new Result.Refused(HotValueReply.NOT_ALLOWED.text());
        }
        HotValueSource source = HotValueSource.of(l.evidence());
        Optional<String> refusal = refusal(user, source, directory);
        if (refusal.isPresent()) {
            return new Result.Refused(refusal.get());
        }
        // A run left by a stopped bot is taken over once it has had its whole budget and a minute more.
        if (!store.start(id, user, clock.instant(), clock.instant().minus(lookup.budget().plusMinutes(1)))) {
            Lookup now = store.find(id).orElseThrow();
            return new Result.Refused(now.found() ? HotValueReply.ALREADY_FOUND.text("share", TopValues.percent(now.share()))
                    : HotValueReply.ALREADY_RUNNING.text());
        }
        try {
            Outcome outcome = lookup.run(source, l.evidence(), line -> progress.line(l, line));
            if (outcome instanceof Found f) {
                store.found(id, f.top().hot().value(), f.top().valueType(), f.top().share(f.top().hot()));
                return new Result.Answered(l, source, f, audience(l.channel(), source));
            }
            store.failed(id);
            return new Result.Stopped(l, ((Told) outcome).text());
        } catch (RuntimeException e) {
            failed(id, user, e);
            return new Result.Refused(ApprovalReply.CLICK_FAILED.text());
        }
    }

    /** The lookup {@code id} could not be answered (Slack away while posting it): it may be clicked again. */
    public void failed(String id, String user, RuntimeException e) {
        LOG.warn("hot-value lookup {} by {} failed", id, user, e);
        store.failed(id);
    }

    /**
     * Why the clicker may not have the statement run; empty when they may. The clicker needs SELECT on the table in
     * Unity Catalog (the bot's own grants are the means, not the authority); a Delta table read by path has no
     * catalog grants to ask, so only workspace admins may have it read.
     */
    private Optional<String> refusal(String user, HotValueSource source, SlackDirectory directory) {
        Decision decision = switch (source.kind()) {
            case TABLE -> access.maySelect(user, source.name(), directory);
            case DELTA_PATH -> access.mayReadByPath(user, source.name(), directory);
            case ELSEWHERE -> access.person(user, directory);
        };
        return decision instanceof Decision.Refused refused ? Optional.of(refused.reason()) : Optional.empty();
    }

    /** Who may see the values: the channel when its bound group may read the table too, else the clicker alone. */
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
