package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of a failure ({@code templates/replies/errors.yaml}): what went wrong, and what to do.
 * Each constant names what its entry is filled with.
 */
public enum ErrorReply implements Reply {
    NO_EVENT_LOG,
    RUN_NOT_FOUND,
    OTHER_WORKSPACE,
    LINK_DOES_NOT_MATCH_RUN,
    NOT_ALLOWED_TO_READ,
    WORKSPACE_NOT_ANSWERING,
    TRY_AGAIN_LATER("detail"),
    CANNOT_SIGN_IN,
    CANNOT_LOOK,
    EVENT_LOG_UNREADABLE,
    OUR_FAULT,
    REFERENCE("reference"),
    FALLBACK("headline", "detail"),
    WARNING("reason"),
    CANNOT_POST("reason");

    private final List<String> fills;

    ErrorReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "errors";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
