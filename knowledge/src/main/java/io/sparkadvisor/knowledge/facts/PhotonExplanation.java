package io.sparkadvisor.knowledge.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What Databricks writes under {@code == Photon Explanation ==} in a plan description when Photon does not
 * run the whole query: the reasons (an unsupported node, or an expression with why it is unsupported) and
 * the reference node, the plan operator they are about, as its one-line form. Absent when the query is
 * fully supported or the log is not Photon's.
 *
 * @param reasons the lines under "Photon does not fully support the query because:", trimmed
 * @param referenceNode the operator the reasons are about ({@code Project [UDF(name#2964) AS UDF(name)#2989]})
 */
public record PhotonExplanation(List<String> reasons, String referenceNode) {
    private static final String HEADER = "== Photon Explanation ==";
    private static final String BECAUSE = "does not fully support the query because:";
    private static final String REFERENCE = "reference node:";

    /** The explanation in a plan description; empty when there is none or it says the query is fully supported. */
    public static Optional<PhotonExplanation> in(String planDescription) {
        int start = planDescription == null ? -1 : planDescription.indexOf(HEADER);
        if (start < 0) {
            return Optional.empty();
        }
        String section = planDescription.substring(start + HEADER.length());
        int next = section.indexOf("\n== ");
        String[] lines = (next < 0 ? section : section.substring(0, next)).split("\n");
        List<String> reasons = new ArrayList<>();
        String reference = "";
        boolean inReasons = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.endsWith(BECAUSE)) {
                inReasons = true;
            } else if (lower.equals(REFERENCE)) {
                inReasons = false;
                reference = nextNonBlank(lines, i + 1);
            } else if (inReasons && !line.isEmpty()) {
                reasons.add(line);
            }
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of(new PhotonExplanation(List.copyOf(reasons), reference));
    }

    /** Whether the reference node is this plan operator (its one-line form, as far as either is written out). */
    public boolean isAbout(PlanNode node) {
        String ref = squeeze(referenceNode);
        String own = squeeze(node.simpleString());
        return !ref.isEmpty() && !own.isEmpty() && (ref.startsWith(own) || own.startsWith(ref));
    }

    private static String nextNonBlank(String[] lines, int from) {
        for (int i = from; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return lines[i].trim();
            }
        }
        return "";
    }

    private static String squeeze(String s) {
        return s.replaceAll("\\s+", "");
    }
}
