package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of the fleet scan ({@code templates/replies/scan.yaml}): its progress, the digest's
 * "Top fixes this week" lines, and what to fix for each kind of job it could not read.
 * Each constant names what its entry is filled with.
 */
public enum ScanReply implements Reply {
    NO_LOG_DELIVERY,
    S3_DESTINATION,
    DBFS_MOUNT,
    LOG_MISSING,
    PERMISSIONS,
    NO_COMPLETED_RUN,
    FAILED,
    NOT_IN_TIME,
    FIX("job", "rule", "title", "perWeek", "arithmetic", "firstStep"),
    RUN_TIME("percent", "costPerRun", "runs", "oneRun"),
    CORE_HOURS("saved", "whole", "percent", "costPerRun", "runs", "oneRun"),
    NODE_HOURS("saved", "whole", "percent", "costPerRun", "runs", "oneRun"),
    LIST_DOLLARS("savingPerRun", "runs", "oneRun"),
    ALWAYS_ON("percent", "weekCost"),
    FIX_PARENT("job", "title", "perWeek"),
    SETTING("key", "value"),
    MANUAL_STEP("scope"),
    UNANALYSED("job", "what", "detail"),
    HELD("count", "one"),
    NO_FIXES("jobs"),
    OFF,
    STARTED("jobs", "week"),
    MOVED("done", "total", "unreadable"),
    FINISHED("analysed", "unreadable", "fixes"),
    ADMINS_ONLY,
    TOO_MANY("perDay", "one", "next");

    private final List<String> fills;

    ScanReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "scan";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
