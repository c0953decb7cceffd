package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.store.StoredRecommendation;

/** What else is said in a step's thread once its verdict is posted (once across replicas), about the judged run. */
public interface AfterVerdict {
    AfterVerdict NOTHING = (rec, runId, slack) -> { };

    void judged(StoredRecommendation rec, long runId, ChangeReplies slack);
}
