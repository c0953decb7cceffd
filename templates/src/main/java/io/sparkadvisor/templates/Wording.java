package io.sparkadvisor.templates;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import java.util.ArrayList;
import java.util.List;

/** Phrases shared by the text and the Slack messages. */
public final class Wording {
    private Wording() {}

    /** "29.1 s and 1.20 core-hours", or empty when the rule could not estimate a saving. */
    public static String saving(Finding f) {
        return saving(f.savings().runtimeMs(), f.savings().coreHours(), f.savings().nodeHours(), f.savings().dollars());
    }

    /** The non-zero parts of a saving, joined by "and"; small figures keep two significant digits. */
    public static String saving(long runtimeMs, double coreHours, double nodeHours, double dollars) {
        List<String> parts = new ArrayList<>();
        if (runtimeMs > 0) {
            parts.add(Format.duration(runtimeMs));
        }
        if (coreHours > 0) {
            parts.add(Format.decimals(coreHours, 2) + " core-hours");
        }
        if (nodeHours > 0) {
            parts.add(Format.decimals(nodeHours, 2) + " node-hours");
        }
        if (dollars > 0) {
            parts.add("$" + Format.decimals(dollars, 3) + " at list prices");
        }
        return String.join(" and ", parts);
    }
}
