package io.sparkadvisor.bot.hotvalue;

import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.followup.AfterVerdict;
import io.sparkadvisor.bot.store.HotValues;
import io.sparkadvisor.bot.store.HotValues.Lookup;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.templates.replies.HotValueReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After the verdict on a skew step whose hot value was found, counts the key again on the warehouse and says what
 * share the value holds now (recognised by its stored hash): still hot means the skew is in the data and comes back
 * every run.
 */
public final class HotValueRecheck implements AfterVerdict {
    private static final Logger LOG = LoggerFactory.getLogger(HotValueRecheck.class);

    private final HotValues store;
    private final HotValueLookup lookup;

    public HotValueRecheck(HotValues store, HotValueLookup lookup) {
        this.store = store;
        this.lookup = lookup;
    }

    @Override
    public void judged(StoredRecommendation rec, long runId, ChangeReplies slack) {
        Optional<Lookup> found = store.find(rec.id()).filter(Lookup::found).filter(l -> l.valueHash() != null);
        if (found.isEmpty()) {
            return;
        }
        Lookup l = found.get();
        try {
            HotValueSource source = HotValueSource.of(l.evidence());
            // The value is known only by its hash: the recount names it again from its own rows.
            lookup.again(source).ifPresent(top -> slack.inThread(rec, SlackMessages.notice(top.first(v -> store.isFoundValue(l, v))
                    .map(v -> HotValueReply.RECHECKED.text("runId", runId, "key", source.key(), "value", TopValues.shown(v.value()),
                            "share", TopValues.percent(top.share(v)), "before", TopValues.percent(l.share()), "source", source.described()))
                    .orElseGet(() -> HotValueReply.NO_LONGER_HOT.text("runId", runId, "key", source.key(),
                            "before", TopValues.percent(l.share()), "source", source.described())))));
        } catch (WorkspaceException e) {
            LOG.warn("hot value of {} not looked at again: {}", rec.id(), e.getMessage()); // the verdict stands without it
        }
    }
}
