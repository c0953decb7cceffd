package io.sparkadvisor.rules.queryplan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The AND-ed parts of a plan predicate as Spark prints it ({@code ((a#1 > 0) AND (b#2 = 3))}) and
 * the attribute ids each part reads: a part whose ids all come from one input of a join can be
 * applied to that input before the join.
 */
public final class Conjuncts {
    private static final Pattern ATTRIBUTE_ID = Pattern.compile("#(\\d+)L?");

    private Conjuncts() {}

    public static List<String> split(String predicate) {
        String p = unwrap(predicate.trim());
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && p.startsWith(" AND ", i)) {
                out.addAll(split(p.substring(start, i)));
                start = i + 5;
            }
        }
        if (start == 0) {
            out.add(p);
        } else {
            out.addAll(split(p.substring(start)));
        }
        return out;
    }

    /** Removes parentheses that enclose the whole predicate. */
    private static String unwrap(String p) {
        while (p.startsWith("(") && closingParen(p) == p.length() - 1) {
            p = p.substring(1, p.length() - 1).trim();
        }
        return p;
    }

    private static int closingParen(String p) {
        int depth = 0;
        for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) == '(') {
                depth++;
            } else if (p.charAt(i) == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    public static Set<String> attributeIds(String text) {
        Set<String> ids = new HashSet<>();
        Matcher m = ATTRIBUTE_ID.matcher(text);
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }

    /** The predicate as a user writes it: attribute ids removed. */
    public static String readable(String predicate) {
        return ATTRIBUTE_ID.matcher(predicate).replaceAll("").trim();
    }
}
