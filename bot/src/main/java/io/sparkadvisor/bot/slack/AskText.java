package io.sparkadvisor.bot.slack;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a person typed, reduced to what the workspace resolver understands: a run link, an id or a
 * job name. Slack wraps links as {@code <url|label>} and mentions as {@code <@U123>}; a mention
 * may be phrased as a question ("why is nightly-etl slow?").
 */
public record AskText(Kind kind, String query) {
    public enum Kind { HELP, RUN, HISTORY, DIGEST, SCAN, WHY }

    /** Read before mentions are dropped: its arguments may name a channel ({@code <#C123|data>}). */
    private static final Pattern DIGEST = Pattern.compile("(?is)^(?:<@[^>]+>\\s*)?digest(?:\\s+(.*))?$");
    /** "why RUN" and "why RUN vs RUN"; "why is X slow?" stays an ask about X ({@link #QUESTION}). */
    private static final Pattern WHY = Pattern.compile("(?is)^(?:<@[^>]+>\\s*)?why\\s+(?!(?:is|does|did|was)\\s)(.+)$");
    private static final Pattern HISTORY = Pattern.compile("(?i)^history(?:\\s+(.*))?$");
    private static final Pattern LINK = Pattern.compile("<(https?://[^|>]+)(?:\\|[^>]*)?>");
    private static final Pattern MENTION = Pattern.compile("<[@!#][^>]*>");
    private static final Pattern QUESTION = Pattern.compile(
            "(?i)^(?:why|how come)\\s+(?:is|does|did|was)\\s+(.+?)\\s+(?:so\\s+)?(?:slow|expensive|costly|take so long|cost so much)\\W*$");

    /** How much of a query an ack repeats: enough to recognise it, never a wall of text. */
    static final int ECHOED_CHARS = 200;

    /** The query as an ack repeats it, cut to {@link #ECHOED_CHARS} characters. */
    public String echoed() {
        if (query.length() <= ECHOED_CHARS) {
            return query;
        }
        int end = Character.isHighSurrogate(query.charAt(ECHOED_CHARS - 2)) ? ECHOED_CHARS - 2 : ECHOED_CHARS - 1;
        return query.substring(0, end) + "…";
    }

    public static AskText parse(String text) {
        String raw = text == null ? "" : text.trim();
        Matcher digest = DIGEST.matcher(raw);
        if (digest.matches()) {
            return new AskText(Kind.DIGEST, digest.group(1) == null ? "" : digest.group(1).trim());
        }
        Matcher why = WHY.matcher(raw);
        if (why.matches()) {
            return new AskText(Kind.WHY, LINK.matcher(why.group(1)).replaceAll("$1").trim().replaceAll("\\s+", " ")
                    .replaceAll("^[`*_\"']+|[`*_\"'?]+$", ""));
        }
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
        if (word.equals("scan")) {
            return new AskText(Kind.SCAN, "");
        }
        return new AskText(Kind.RUN, plain);
    }
}
