package io.sparkadvisor.bot.approvals;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.templates.slack.ApprovalIds;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each outcome of a click goes where it must: the clicker alone, the clicked message, the recommendation's thread. */
class ClickOutcomeTest {
    private static final StoredRecommendation REC = new StoredRecommendation("r1", 4201, 42, "skew", "job_cluster:main", "[]", "f",
            "C1", "1.1", "1.2", "U0ASKER", Instant.EPOCH);
    private static final Click CLICK = new Click("U0ANA", new ClickedMessage("C1", "1.1", "1.2"), "finding", "[]", ApprovalIds.parse("r1:1"));
    private static final SlackMessage WHY = SlackMessages.notice("why");
    private static final SlackMessage NOTE = SlackMessages.notice("note");

    /** Records what was said where, as "whisper:text", "edit:blocks" and "thread:channel/ts:text". */
    private static final class Recorded implements ChangeReplies {
        final List<String> said = new ArrayList<>();

        @Override
        public SlackDirectory people() {
            throw new UnsupportedOperationException("telling asks nobody who anyone is");
        }

        @Override
        public void whisper(Click click, SlackMessage message) {
            said.add("whisper:" + message.text());
        }

        @Override
        public void edit(Click click, String blocksJson) {
            said.add("edit:" + blocksJson);
        }

        @Override
        public void inThread(StoredRecommendation rec, SlackMessage message) {
            said.add("thread:" + rec.channel() + "/" + rec.threadTs() + ":" + message.text());
        }
    }

    private static List<String> told(ClickOutcome outcome) {
        Recorded slack = new Recorded();
        outcome.tell(CLICK, slack);
        return slack.said;
    }

    @Test
    void aRefusalIsForTheClickerAlone() {
        assertEquals(List.of("whisper:why"), told(new ClickOutcome.Refused(WHY)));
    }

    @Test
    void aDecisionEditsTheClickedMessageAndTheThreadKeepsItsNoteWhenThereIsOne() {
        assertEquals(List.of("edit:[new]", "thread:C1/1.1:note"), told(new ClickOutcome.Decided("[new]", REC, NOTE)));
        assertEquals(List.of("edit:[rejected]"), told(new ClickOutcome.Decided("[rejected]", REC, null)));
    }

    @Test
    void aStepThatDidNotReachTheJobIsToldToTheClickerAndKeptInTheThread() {
        assertEquals(List.of("whisper:why", "thread:C1/1.1:note"), told(new ClickOutcome.NotApplied(REC, WHY, NOTE)));
    }

    @Test
    void aClickAnotherReplicaSettledSaysNothing() {
        assertEquals(List.of(), told(new ClickOutcome.SettledElsewhere()));
    }
}
