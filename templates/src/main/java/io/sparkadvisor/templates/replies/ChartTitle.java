package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The titles of the charts the bot uploads ({@code templates/replies/charts.yaml}).
 * Each constant names what its entry is filled with.
 */
public enum ChartTitle implements Reply {
    TASK_DURATIONS("stageId", "median", "longest"),
    SLOTS,
    SLOTS_AND_MACHINES("cpu", "nodes"),
    DAILY_COSTS("estimated", "currency"),
    TOP_VALUES("key", "source"),
    WATERFALL("baseline", "run"),
    STREAMING_RATES("query", "interval");

    private final List<String> fills;

    ChartTitle(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "charts";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
