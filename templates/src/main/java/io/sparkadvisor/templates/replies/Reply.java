package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * One sentence the product says, kept in a replies catalogue ({@code templates/replies/<catalogue>.yaml})
 * under its entry and filled with the values it names. Each catalogue has an enum of its entries
 * ({@link AskReply}, {@link ErrorReply}, {@link ApprovalReply}, {@link DigestReply}, {@link ChartTitle}, {@link HotValueReply}),
 * so Java refers to a sentence by a constant, never by a string, and {@link Replies#all()} lists them all.
 */
public interface Reply {
    /** The catalogue's file name without {@code .yaml}. */
    String catalogue();

    /** The entry's key in the catalogue: the constant's name in lowerCamelCase (every Reply is an enum constant). */
    default String entry() {
        return Replies.entry((Enum<?>) this);
    }

    /** The names the entry is filled with: its variables and sections, each given exactly once. */
    List<String> fills();

    /** The sentence, given each of {@link #fills()} as a name followed by its value, e.g. {@code text("runId", 42)}. */
    default String text(Object... namesAndValues) {
        return Replies.render(this, namesAndValues);
    }
}
