package io.sparkadvisor.templates;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Phrases shared by the text and the Slack messages. */
public final class Wording {
    private Wording() {}

    /** "29.1 s and 1.20 core-hours", or empty when the rule could not estimate a saving. */
    public static String saving(Finding f) {
        List<String> parts = new ArrayList<>();
        if (f.savings().runtimeMs() > 0) {
            parts.add(Format.duration(f.savings().runtimeMs()));
        }
        if (f.savings().coreHours() > 0) {
            parts.add(String.format(Locale.ROOT, "%.2f core-hours", f.savings().coreHours()));
        }
        if (f.savings().nodeHours() > 0) {
            parts.add(String.format(Locale.ROOT, "%.2f node-hours", f.savings().nodeHours()));
        }
        if (f.savings().dollars() > 0) {
            parts.add(String.format(Locale.ROOT, "$%.3f at list prices", f.savings().dollars()));
        }
        return String.join(" and ", parts);
    }
}
