package io.sparkadvisor.templates;

import java.util.regex.Pattern;

/**
 * What a value may do in Slack mrkdwn: nothing. Job, run and table names and the text of logs and
 * errors reach messages as values; escaping {@code & < >} keeps them from opening links and
 * mentions, and this keeps them from formatting: a backtick in a value cannot end the code span it
 * sits in, {@code *}, {@code ~} and a word-edge {@code _} outside code spans are swapped for
 * look-alikes that Slack does not read as emphasis, and {@code @here}, {@code @channel} and
 * {@code @everyone} get a zero-width joiner after the {@code @}. Links are not followed in text
 * objects sent with {@code "verbatim": true} ({@link io.sparkadvisor.templates.slack.SlackLimits}).
 */
public final class Markup {
    /** U+02CB MODIFIER LETTER GRAVE ACCENT: looks like a backtick, is none. */
    static final char BACKTICK_LOOKALIKE = 'ˋ';
    private static final Pattern BROADCAST = Pattern.compile("(?i)@(here|channel|everyone)");

    private Markup() {}

    /** A value placed inside a code span or block: only a backtick could end it early. */
    public static String inCode(String value) {
        return quietBroadcasts(value.replace('`', BACKTICK_LOOKALIKE));
    }

    /**
     * A value placed outside code spans (a name, or a sentence already made of safe values): the code
     * spans it has keep their text, a backtick without a partner is swapped, and no emphasis marker
     * outside its code spans can format.
     */
    public static String inText(String value) {
        int backticks = (int) value.chars().filter(c -> c == '`').count();
        StringBuilder out = new StringBuilder(value.length());
        boolean inCode = false;
        int seen = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '`') {
                seen++;
                boolean unpaired = seen == backticks && backticks % 2 == 1;
                out.append(unpaired ? BACKTICK_LOOKALIKE : c);
                inCode ^= !unpaired;
            } else if (inCode) {
                out.append(c);
            } else {
                out.append(inert(value, i));
            }
        }
        return quietBroadcasts(out.toString());
    }

    /** {@code *} and {@code ~} always; {@code _} at a word's edge only, where Slack could read it (market_id stays as is). */
    private static char inert(String text, int i) {
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
