package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of "Find the hot value" ({@code templates/replies/hotvalue.yaml}): to the clicker, and in the
 * skew finding's thread (the answer, the targeted fix, each failure with what to do, the follow-up's second look).
 * Each constant names what its entry is filled with.
 */
public enum HotValueReply implements Reply {
    NOT_ALLOWED,
    UNKNOWN_FINDING,
    ALREADY_RUNNING,
    ALREADY_FOUND("share"),
    RUNNING("key", "source", "warehouse", "seconds"),
    WAREHOUSE_STARTING("warehouse", "state", "seconds"),
    FOUND("key", "value", "share", "next", "rows", "source", "truncated"),
    TARGETED_FIX("key", "value", "code"),
    COPY_SQL("key", "source", "sql"),
    UNKNOWN_TABLE("table", "sql"),
    NO_WAREHOUSE("sql"),
    MISSING_SELECT("principal", "source", "grant", "sql"),
    GRANT_TABLE("table", "principal"),
    GRANT_PATH("path", "principal"),
    NO_WAREHOUSE_ACCESS("reason", "sql"),
    OVER_BUDGET("seconds", "warehouse", "sql"),
    FAILED("reason", "sql"),
    NO_ROWS("source", "sql"),
    RECHECKED("runId", "key", "value", "share", "before", "source"),
    NO_LONGER_HOT("runId", "key", "before", "source");

    private final List<String> fills;

    HotValueReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "hotvalue";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
