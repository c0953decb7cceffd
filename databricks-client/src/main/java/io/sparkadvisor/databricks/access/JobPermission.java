package io.sparkadvisor.databricks.access;

/**
 * The permission levels of a job, weakest first. Owning a job and managing it both allow everything
 * the bot asks for; running it allows seeing it.
 */
public enum JobPermission {
    CAN_VIEW(1),
    CAN_MANAGE_RUN(2),
    CAN_MANAGE(3),
    IS_OWNER(3);

    private final int rank;

    JobPermission(int rank) {
        this.rank = rank;
    }

    /** Whether holding this level gives what {@code needed} gives. */
    public boolean covers(JobPermission needed) {
        return rank >= needed.rank;
    }

    /** As the Permissions API spells it, with spaces for Slack ("CAN VIEW"). */
    public String words() {
        return name().replace('_', ' ');
    }
}
