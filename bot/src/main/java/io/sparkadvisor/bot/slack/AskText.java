package io.sparkadvisor.bot.slack;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a person typed, reduced to what the workspace resolver understands: a run link, an id or a
 * job name. Slack wraps links as {@code <url|label>} and mentions as {@code <@U123>}; a mention
 * may be phrased as a question ("why is nightly-etl slow?").
 */
public record AskText(Kind kind, String query) {
    public enum Kind { HELP, RESERVED, RUN, HISTORY }

    /** Words that name commands (now or later), so a job with such a name is asked for as {@code job:<name>}. */
    private static final Set<String> RESERVED_WORDS = Set.of("digest");
    private static final Pattern HISTORY = Pattern.compile("(?i)^history(?:\\s+(.*))?$");
    private static final Pattern LINK = Pattern.compile("<(https?://[^|>]+)(?:\\|[^>]*)?>");
    private static final Pattern MENTION = Pattern.compile("<[@!#][^>]*>");
    private static final Pattern QUESTION = Pattern.compile(
            "(?i)^(?:why|how come)\\s+(?:is|does|did|was)\\s+(.+?)\\s+(?:so\\s+)?(?:slow|expensive|costly|take so long|cost so much)\\W*$");

    public static AskText parse(String text) {
        String raw = text == null ? "" : text;
        Matcher link = LINK.matcher(raw);
        if (link.find()) {
            return new AskText(Kind.RUN, link.group(1));
        }
        String plain = MENTION.matcher(raw).replaceAll(" ").trim().replaceAll("\\s+", " ");
        Matcher question = QUESTION.matcher(plain);
        if (question.matches()) {
            plain = question.group(1);
        }
        plain = plain.replaceAll("^[`*_\"']+|[`*_\"'?]+$", "");
        Matcher history = HISTORY.matcher(plain);
        if (history.matches()) {
            return new AskText(Kind.HISTORY, history.group(1) == null ? "" : history.group(1));
        }
        String word = plain.toLowerCase(Locale.ROOT);
        if (plain.isEmpty() || word.equals("help")) {
            return new AskText(Kind.HELP, "");
        }
        return new AskText(RESERVED_WORDS.contains(word) ? Kind.RESERVED : Kind.RUN, plain);
    }
}
