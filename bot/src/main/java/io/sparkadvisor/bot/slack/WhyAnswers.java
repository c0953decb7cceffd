package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.ask.RunAnalysis;
import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.slack.CompareMessages;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * "why RUN" (or "why RUN vs BASELINE"): admitted as any ask about the run (who asks, CAN VIEW on its job, where the
 * answer may go), then answered in its thread with the comparison's causes and the waterfall chart, or with the words
 * that the job has no history to compare with.
 */
final class WhyAnswers {
    private static final Logger LOG = LoggerFactory.getLogger(WhyAnswers.class);
    /** What separates the run from the baseline asked for: "4506 vs 4503", "4506 against 4503". */
    private static final Pattern VERSUS = Pattern.compile("(?i)\\s+(?:vs\\.?|versus|against)\\s+");

    private final AskAdmission admission;
    private final RunAnalysis analysis;
    private final RunComparisons comparisons;

    WhyAnswers(AskAdmission admission, RunAnalysis analysis, RunComparisons comparisons) {
        this.admission = admission;
        this.analysis = analysis;
        this.comparisons = comparisons;
    }

    void answer(Ask asked, MethodsClient client) {
        String[] parts = VERSUS.split(asked.query(), 2);
        Ask ask = new Ask(asked.channel(), asked.userId(), parts[0], asked.tellAsker());
        try {
            admission.admit(ask, client).ifPresent(admitted -> {
                SlackThread thread = admitted.thread();
                ProgressLine progress = ProgressLine.start(thread, AskReply.RESOLVING.text("query", ask.query()));
                try {
                    if (admitted.unresolved() != null) {
                        throw admitted.unresolved();
                    }
                    Optional<RunRef> baseline = parts.length > 1 ? Optional.of(analysis.resolve(parts[1])) : Optional.empty();
                    post(thread, progress, ask, comparisons.explain(admitted.ref(), baseline, progress));
                } catch (RuntimeException e) {
                    ErrorReplies.showIn(thread, progress, ask, e);
                }
            });
        } catch (SlackCallException e) {
            LOG.warn("cannot post in {}: {}", ask.channel(), e.getMessage());
            ask.tellAsker().accept(ErrorReply.CANNOT_POST.text("reason", e.getMessage()));
        }
    }

    private static void post(SlackThread thread, ProgressLine progress, Ask ask, Why why) {
        String headline;
        if (why instanceof Why.Explained e) {
            comparison(thread, e);
            headline = CompareMessages.headline(e.run().subject(), e.comparison());
        } else {
            headline = AskReply.WHY_NO_HISTORY.text("subject", why.run().subject(), "command", SlackBot.COMMAND, "runId", why.run().ref().runId());
            thread.reply(SlackMessages.notice(headline));
        }
        progress.done(AskReply.WHY_COMPARED.text("runId", why.run().ref().runId()));
        thread.editParent(SlackMessages.parent(ask.userId(), ask.query(), AskReply.ANSWERED.text("headlines", headline)));
    }

    /** The comparison's causes with their arithmetic, then its waterfall: in an asker's thread, or a costlier job's of the digest. */
    static void comparison(SlackThread thread, Why.Explained e) {
        CompareMessages.why(e.run().subject(), e.comparison(), e.baseline().ref().runId(), e.bandRuns()).forEach(thread::reply);
        AskService.upload(thread, e.waterfall());
    }
}
