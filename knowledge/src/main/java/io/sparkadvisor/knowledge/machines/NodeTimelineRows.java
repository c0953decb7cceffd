package io.sparkadvisor.knowledge.machines;

import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.NodeMinute;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Rows of {@code system.compute.node_timeline} for one cluster, as a statement or a file gives them (every value a
 * string, columns by their documented names), into {@link NodeTimelineFacts} over a run's window: the rows whose minute
 * overlaps the window, grouped by minute, the workers' values averaged (the driver's when the cluster has no worker
 * row: a single node). One parser for the workspace and for {@code analyze --node-timeline}.
 */
public final class NodeTimelineRows {
    /** The documented columns the facts need. */
    public static final List<String> COLUMNS = List.of("driver", "start_time", "end_time", "cpu_user_percent",
            "cpu_system_percent", "cpu_wait_percent", "mem_used_percent");
    /** A UTC offset at the end of a timestamp: {@code +00:00}. */
    private static final Pattern OFFSET = Pattern.compile("[+-]\\d\\d:\\d\\d$");

    private NodeTimelineRows() {}

    private record Row(boolean driver, long startMs, long endMs, double user, double system, double ioWait, double mem) {}

    /**
     * The facts of rows over {@code [startMs, endMs]}; no row in the window gives {@link NodeTimelineFacts#notYet}
     * with {@code whereNoRows} in its reason. {@code origin} names the source in messages.
     */
    public static NodeTimelineFacts facts(List<String> columns, List<List<String>> rows, long startMs, long endMs, String origin) {
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            at.put(columns.get(i).trim().toLowerCase(), i);
        }
        List<String> missing = COLUMNS.stream().filter(c -> !at.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            throw new NodeTimelineException(origin + " lacks the node_timeline column(s) " + String.join(", ", missing)
                    + "; select " + String.join(", ", COLUMNS) + " from system.compute.node_timeline");
        }
        List<Row> inWindow = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            Row row = row(rows.get(r), at, origin + " row " + (r + 1));
            if (row.startMs() <= endMs && row.endMs() > startMs) {
                inWindow.add(row);
            }
        }
        if (inWindow.isEmpty()) {
            return NodeTimelineFacts.notYet("system.compute.node_timeline has no rows for this run's cluster between "
                    + Instant.ofEpochMilli(startMs) + " and " + Instant.ofEpochMilli(endMs)
                    + " yet (" + origin + "); Databricks fills it days after a run, so the machines' view is missing and"
                    + " the findings judge from the event log alone");
        }
        boolean workers = inWindow.stream().anyMatch(r -> !r.driver());
        TreeMap<Long, List<Row>> byMinute = new TreeMap<>();
        inWindow.stream().filter(r -> r.driver() != workers).forEach(r -> byMinute.computeIfAbsent(r.startMs(), k -> new ArrayList<>()).add(r));
        List<NodeMinute> minutes = byMinute.values().stream().map(NodeTimelineRows::minute).toList();
        return NodeTimelineFacts.measured(bounded(minutes));
    }

    private static NodeMinute minute(List<Row> nodes) {
        return new NodeMinute(nodes.get(0).startMs(), nodes.stream().mapToLong(Row::endMs).max().orElseThrow(), nodes.size(),
                mean(nodes.stream().mapToDouble(Row::user).toArray()), mean(nodes.stream().mapToDouble(Row::system).toArray()),
                mean(nodes.stream().mapToDouble(Row::ioWait).toArray()), mean(nodes.stream().mapToDouble(Row::mem).toArray()));
    }

    /** More than {@link NodeTimelineFacts#MAX_MINUTES} minutes are merged, consecutive ones into one point each. */
    static List<NodeMinute> bounded(List<NodeMinute> minutes) {
        int per = (minutes.size() + NodeTimelineFacts.MAX_MINUTES - 1) / NodeTimelineFacts.MAX_MINUTES;
        if (per <= 1) {
            return minutes;
        }
        List<NodeMinute> out = new ArrayList<>();
        for (int i = 0; i < minutes.size(); i += per) {
            List<NodeMinute> group = minutes.subList(i, Math.min(minutes.size(), i + per));
            out.add(new NodeMinute(group.get(0).startMs(), group.get(group.size() - 1).endMs(),
                    group.stream().mapToInt(NodeMinute::workers).max().orElseThrow(),
                    mean(group.stream().mapToDouble(NodeMinute::cpuUserPercent).toArray()),
                    mean(group.stream().mapToDouble(NodeMinute::cpuSystemPercent).toArray()),
                    mean(group.stream().mapToDouble(NodeMinute::cpuWaitPercent).toArray()),
                    mean(group.stream().mapToDouble(NodeMinute::memUsedPercent).toArray())));
        }
        return out;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static Row row(List<String> values, Map<String, Integer> at, String where) {
        return new Row(Boolean.parseBoolean(value(values, at, "driver", where).trim()), time(values, at, "start_time", where),
                time(values, at, "end_time", where), percent(values, at, "cpu_user_percent", where),
                percent(values, at, "cpu_system_percent", where), percent(values, at, "cpu_wait_percent", where),
                percent(values, at, "mem_used_percent", where));
    }

    private static String value(List<String> values, Map<String, Integer> at, String column, String where) {
        int i = at.get(column);
        if (i >= values.size() || values.get(i) == null || values.get(i).isBlank()) {
            throw new NodeTimelineException(where + " has no " + column);
        }
        return values.get(i);
    }

    private static double percent(List<String> values, Map<String, Integer> at, String column, String where) {
        String v = value(values, at, column, where);
        try {
            double d = Double.parseDouble(v.trim());
            if (d < 0 || d > 100 || Double.isNaN(d)) {
                throw new NodeTimelineException(where + ": " + column + " " + v + " is not a percentage (0-100)");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new NodeTimelineException(where + ": " + column + " " + v + " is not a number");
        }
    }

    private static long time(List<String> values, Map<String, Integer> at, String column, String where) {
        String v = value(values, at, column, where).trim();
        try {
            return timestamp(v, where + ": " + column);
        } catch (IllegalArgumentException e) {
            throw new NodeTimelineException(e.getMessage());
        }
    }

    /**
     * A timestamp as the Statement Execution API writes it (ISO-8601, UTC unless an offset is given), as SQL prints it
     * (UTC), or epoch milliseconds; an {@link IllegalArgumentException} naming {@code what} otherwise.
     */
    public static long timestamp(String value, String what) {
        String v = String.valueOf(value).trim();
        try {
            if (!v.isEmpty() && v.chars().allMatch(Character::isDigit)) {
                return Long.parseLong(v);
            }
            String iso = v.replaceFirst(" ", "T");
            if (iso.endsWith("Z") || OFFSET.matcher(iso).find()) {
                return OffsetDateTime.parse(iso.endsWith("Z") ? iso.substring(0, iso.length() - 1) + "+00:00" : iso).toInstant().toEpochMilli();
            }
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new IllegalArgumentException(what + " " + v + " is not a timestamp (ISO-8601 UTC, e.g. 2026-12-03T06:41:00Z)");
        }
    }
}
