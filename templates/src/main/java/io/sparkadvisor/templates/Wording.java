package io.sparkadvisor.templates;

import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Outcome;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.templates.replies.AskReply;
import java.util.ArrayList;
import java.util.List;

/** Phrases shared by the text and the Slack messages. */
public final class Wording {
    private Wording() {}

    /**
     * A finding's saving per run as every message that states it says it (the analyze text, the Slack finding and
     * summary, the digest's waste line): "up to 29.1 s and 1.20 core-hours" when the figure is the most the run can
     * save, "about ..." otherwise; empty when the rule could not estimate a saving.
     */
    public static String estimate(Savings s) {
        String amount = saving(s);
        return amount.isEmpty() ? "" : AskReply.SAVING.text("upTo", s.upperBound(), "amount", amount);
    }

    /**
     * Which part of a running log was judged, e.g. "Judged the last 6 h of a run running for 3 d 4 h: 3 delivered log parts
     * read, 76 older ones wholly before the window not opened."; empty when the whole log was read.
     */
    public static String window(Coverage coverage) {
        return coverage.window().map(w -> AskReply.WINDOW.text("window", Format.span(w.lengthMs()), "running", w.running(),
                "runningFor", Format.span(w.toMs() - w.applicationStartMs()), "read", w.partsRead(), "oneRead", w.partsRead() == 1,
                "someSkipped", w.partsSkipped() > 0, "skipped", w.partsSkipped())).orElse("");
    }

    /** How a failed run ended, one line per failed stage and one for the jobs no failed stage explains; empty otherwise. */
    public static List<String> outcome(Outcome o) {
        List<String> lines = new ArrayList<>();
        for (Outcome.StageFailure f : o.failures()) {
            lines.add(AskReply.FAILED_STAGE.text("jobs", ids(f.jobIds()), "manyJobs", f.jobIds().size() > 1,
                    "stageId", f.stageId(), "cause", f.cause(), "failedAttempts", f.failedAttempts(),
                    "someNotCompleted", f.tasksNotCompleted() > 0, "notCompleted", f.tasksNotCompleted(), "tasks", f.tasks()));
        }
        if (!o.jobsWithoutFailedStage().isEmpty()) {
            lines.add(AskReply.FAILED_JOBS.text("jobs", ids(o.jobsWithoutFailedStage()),
                    "manyJobs", o.jobsWithoutFailedStage().size() > 1));
        }
        return lines;
    }

    private static String ids(List<Integer> ids) {
        return String.join(", ", ids.stream().map(String::valueOf).toList());
    }

    /** The non-zero parts of a saving, joined by "and"; small figures keep two significant digits. */
    private static String saving(Savings s) {
        List<String> parts = new ArrayList<>();
        if (s.runtimeMs() > 0) {
            parts.add(Format.duration(s.runtimeMs()));
        }
        if (s.coreHours() > 0) {
            parts.add(Format.decimals(s.coreHours(), 2) + " core-hours");
        }
        if (s.nodeHours() > 0) {
            parts.add(Format.decimals(s.nodeHours(), 2) + " node-hours");
        }
        if (s.dollars() > 0) {
            parts.add("$" + Format.decimals(s.dollars(), 3) + " at list prices");
        }
        return String.join(" and ", parts);
    }
}
