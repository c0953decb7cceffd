package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of identity and permissions ({@code templates/replies/access.yaml}): why the bot will not act for
 * someone (no workspace user, a permission missing) and where it sent an answer instead of the channel.
 */
public enum AccessReply implements Reply {
    NO_EMAIL,
    NO_USER("email"),
    CANNOT_CHECK("reason"),
    ONE_TIME_RUN("user"),
    NO_JOB_PERMISSION("permission", "jobId", "user"),
    NO_SELECT("table", "user"),
    PATH_ADMINS_ONLY("path", "user"),
    SENT_PRIVATELY("jobId"),
    VALUES_SENT_PRIVATELY("table");

    private final List<String> fills;

    AccessReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "access";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
