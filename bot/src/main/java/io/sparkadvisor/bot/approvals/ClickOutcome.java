package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.templates.slack.SlackMessage;

/**
 * What came of a click on Approve, Reject or Roll back, decided before anything is said; {@link #tell} is the one
 * place that turns it into replies: to the clicker alone, in place of the clicked message, in the recommendation's thread.
 */
public sealed interface ClickOutcome {
    void tell(Click click, ChangeReplies slack);

    /** Which of the outcomes this is, as a metric counts it: a fixed set of names, never a message's words. */
    enum Kind { REFUSED, DECIDED, NOT_APPLIED, SETTLED_ELSEWHERE }

    Kind kind();

    /** Nothing changed (not allowed, not this message, not yours, busy, decided already): the clicker is told why. */
    record Refused(SlackMessage why) implements ClickOutcome {
        @Override
        public Kind kind() {
            return Kind.REFUSED;
        }

        @Override
        public void tell(Click click, ChangeReplies slack) {
            slack.whisper(click, why);
        }
    }

    /** The step was decided: the clicked message shows it, and the thread keeps {@code note} when there is one (not for a rejection). */
    record Decided(String blocksJson, StoredRecommendation rec, SlackMessage note) implements ClickOutcome {
        @Override
        public Kind kind() {
            return Kind.DECIDED;
        }

        @Override
        public void tell(Click click, ChangeReplies slack) {
            slack.edit(click, blocksJson);
            if (note != null) {
                slack.inThread(rec, note);
            }
        }
    }

    /** The step was claimed but did not reach the job: the clicker is told why, and the thread keeps what happened. */
    record NotApplied(StoredRecommendation rec, SlackMessage toClicker, SlackMessage inThread) implements ClickOutcome {
        @Override
        public Kind kind() {
            return Kind.NOT_APPLIED;
        }

        @Override
        public void tell(Click click, ChangeReplies slack) {
            slack.whisper(click, toClicker);
            slack.inThread(rec, inThread);
        }
    }

    /** Another replica settled the click under way: it says so itself. */
    record SettledElsewhere() implements ClickOutcome {
        @Override
        public Kind kind() {
            return Kind.SETTLED_ELSEWHERE;
        }

        @Override
        public void tell(Click click, ChangeReplies slack) {}
    }
}
