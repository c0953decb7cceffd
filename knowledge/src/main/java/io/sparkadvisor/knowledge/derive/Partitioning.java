package io.sparkadvisor.knowledge.derive;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads an Exchange's partitioning from its plan string, e.g.
 * {@code Exchange hashpartitioning(market_id#12L, 200), ENSURE_REQUIREMENTS, [plan_id=45]}:
 * the scheme, the key expressions with Spark's attribute ids and sort directions removed, and the partition count.
 */
record Partitioning(String scheme, List<String> keys, int numPartitions) {
    private static final Pattern ATTRIBUTE_ID = Pattern.compile("#\\d+L?");
    private static final Pattern SORT_ORDER = Pattern.compile("\\s+(ASC|DESC)(\\s+NULLS\\s+(FIRST|LAST))?$");

    static Partitioning ofExchange(String simpleString) {
        String rest = simpleString.replaceFirst("^(Exchange|PhotonShuffleExchangeSink)\\s*", "").trim();
        int open = rest.indexOf('(');
        int comma = rest.indexOf(',');
        if (open < 0 || (comma >= 0 && comma < open)) {
            String scheme = comma < 0 ? rest : rest.substring(0, comma);
            return new Partitioning(scheme.trim(), List.of(), scheme.trim().equals("SinglePartition") ? 1 : 0);
        }
        String scheme = rest.substring(0, open).trim();
        List<String> args = topLevelArguments(rest.substring(open + 1, matchingParen(rest, open)));
        int partitions = 0;
        if (!args.isEmpty() && args.get(args.size() - 1).matches("\\d+")) {
            partitions = Integer.parseInt(args.remove(args.size() - 1));
        }
        List<String> keys = args.stream().map(a -> SORT_ORDER.matcher(ATTRIBUTE_ID.matcher(a).replaceAll("")).replaceAll(""))
                .map(String::trim).toList();
        return new Partitioning(scheme, keys, partitions);
    }

    private static int matchingParen(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return s.length();
    }

    private static List<String> topLevelArguments(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(start, i).trim());
                start = i + 1;
            }
        }
        if (start < s.length()) {
            out.add(s.substring(start).trim());
        }
        return out;
    }
}
