package io.sparkadvisor.templates.slack;

/** The "Find the hot value" button of a skew finding: its {@code action_id}, and its {@code value} carries the posted finding's id. */
public final class HotValueIds {
    public static final String FIND = "find_hot_value";
    public static final String BLOCK = "hot_value";

    private HotValueIds() {}
}
