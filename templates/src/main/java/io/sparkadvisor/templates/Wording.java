package io.sparkadvisor.templates;

import io.sparkadvisor.rules.advisor.Format;
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
