package io.sparkadvisor.templates;

import java.util.regex.Pattern;

/**
 * What a value may do in Slack mrkdwn: nothing. Job, run and table names and the text of logs and
 * errors reach messages as values; escaping {@code & < >} keeps them from opening links and
 * mentions, and this keeps them from formatting: a value cannot end the code span or block it sits
 * in, {@code *}, {@code ~} and a word-edge {@code _} outside code are swapped for look-alikes that
 * Slack does not read as emphasis, and {@code @here}, {@code @channel} and {@code @everyone} get a
 * zero-width joiner after the {@code @}. Links are not followed in text objects sent with
 * {@code "verbatim": true} ({@link io.sparkadvisor.templates.slack.SlackLimits}).
 */
public final class Markup {
    /** Where a template's own text puts a value. */
    public enum Place { TEXT, CODE_SPAN, CODE_BLOCK }

    /** U+02CB MODIFIER LETTER GRAVE ACCENT: looks like a backtick, is none. */
    static final char BACKTICK_LOOKALIKE = 'ˋ';
    private static final String FENCE = "```";
    private static final Pattern BROADCAST = Pattern.compile("(?i)@(here|channel|everyone)");

    private Markup() {}

    public static String inert(String value, Place place) {
        return switch (place) {
            case TEXT -> inText(value);
            case CODE_SPAN -> inCodeSpan(value);
            case CODE_BLOCK -> inCodeBlock(value);
        };
    }

    /** Inside {@code `...`}: any backtick would end it. */
    static String inCodeSpan(String value) {
        return quietBroadcasts(value.replace('`', BACKTICK_LOOKALIKE));
    }

    /**
     * Inside a {@code ```} block a single backtick is text (SQL quotes identifiers with it); two or more in a
     * row, or one next to the block's fence, could end the block.
     */
    static String inCodeBlock(String value) {
        StringBuilder out = new StringBuilder(value);
        for (int i = 0; i < out.length(); i++) {
            boolean edge = i == 0 || i == out.length() - 1;
            if (out.charAt(i) == '`' && (edge || out.charAt(i + 1) == '`')) {
                out.setCharAt(i, BACKTICK_LOOKALIKE);
            }
        }
        return quietBroadcasts(out.toString());
    }

    /**
     * Outside code (a name, or a sentence already made of inert values): its own code blocks and
     * spans keep their text, a fence or backtick without a partner is swapped, and no emphasis marker
     * outside code can format.
     */
    static String inText(String value) {
        String[] parts = value.split(FENCE, -1);
        StringBuilder out = new StringBuilder(value.length());
        boolean oddFences = parts.length % 2 == 0;
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                out.append(oddFences && i == parts.length - 1 ? "``" + BACKTICK_LOOKALIKE : FENCE);
            }
            boolean inBlock = i % 2 == 1 && !(oddFences && i == parts.length - 1);
            out.append(inBlock ? parts[i] : outsideBlocks(parts[i]));
        }
        return quietBroadcasts(out.toString());
    }

    private static String outsideBlocks(String text) {
        int backticks = (int) text.chars().filter(c -> c == '`').count();
        StringBuilder out = new StringBuilder(text.length());
        boolean inSpan = false;
        int seen = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                seen++;
                boolean unpaired = seen == backticks && backticks % 2 == 1;
                out.append(unpaired ? BACKTICK_LOOKALIKE : c);
                inSpan ^= !unpaired;
            } else {
                out.append(inSpan ? c : inertMarker(text, i));
            }
        }
        return out.toString();
    }

    /** {@code *} and {@code ~} always; {@code _} at a word's edge only, where Slack could read it (market_id stays as is). */
    private static char inertMarker(String text, int i) {
        char c = text.charAt(i);
        return switch (c) {
            case '*' -> '∗'; // U+2217 ASTERISK OPERATOR
            case '~' -> '∼'; // U+223C TILDE OPERATOR
            case '_' -> wordChar(text, i - 1) && wordChar(text, i + 1) ? c : 'ˍ'; // U+02CD MODIFIER LETTER LOW MACRON
            default -> c;
        };
    }

    private static boolean wordChar(String text, int i) {
        return i >= 0 && i < text.length() && Character.isLetterOrDigit(text.charAt(i));
    }

    private static String quietBroadcasts(String text) {
        return BROADCAST.matcher(text).replaceAll("@\u200D$1");
    }
}
