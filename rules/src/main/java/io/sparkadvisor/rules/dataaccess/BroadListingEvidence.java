package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The time a query spent finding one scan's files before reading them: the scan's own metadata
 * (listing) time, the driver's planning time between the query's start and its first stage, and
 * the time from the first job outside any query since the previous query (Spark's parallel file
 * listing and schema inference run as such jobs when a DataFrame is created) to this query's start,
 * which covers the driver's own partition discovery between those jobs. With partition filters that pin every
 * value, the exact partition paths are computed from the filter.
 *
 * <p>Evidence keys in the finding (stable): {@code location}, {@code format},
 * {@code partitionFilters}, {@code partitionsRead}, {@code filesRead}, {@code metadataTimeMs},
 * {@code planningMs}, {@code listingMs}, {@code discoveryMs}, {@code scanWallMs},
 * {@code discoveryShare}, {@code exactPaths}.
 */
public record BroadListingEvidence(List<Integer> stageIds, List<String> locations, String format,
        String partitionFilters, boolean hasPartitionFilters, long partitionsRead, long filesRead, long metadataTimeMs,
        long planningMs, long listingMs, long scanWallMs, int slots, long appDurationMs) {

    /** An equality on a column in Spark's plan text: {@code (date#3 = 2024-02-10)}. */
    private static final Pattern EQUALITY = Pattern.compile("\\(([A-Za-z_][A-Za-z0-9_]*)#\\d+L? = ([^()]+?)\\)");

    public static List<BroadListingEvidence> of(RunView run) {
        return ScanRead.all(run).stream().map(r -> new BroadListingEvidence(r.stageIds(), r.scan().locations(),
                r.scan().format(), r.scan().partitionFilters(), r.scan().hasPartitionFilters(), r.scan().partitionsRead(),
                r.scan().filesRead(), r.scan().metadataTimeMs(), planningMs(run, r.sql()), listingMs(run, r.sql()),
                r.stageWallMs(), run.slots(), run.appDurationMs())).toList();
    }

    /** Driver time from the query's start to its first stage: planning, including file-index work. */
    private static long planningMs(RunView run, SqlExecutionFacts sql) {
        OptionalLong firstStage = run.finalStages().stream().filter(s -> s.sqlExecutionId() == sql.executionId())
                .mapToLong(StageFacts::submittedMs).min();
        return firstStage.isPresent() ? Math.max(0, firstStage.getAsLong() - sql.startMs()) : 0;
    }

    /** From the first job outside any query since the previous query ended to this query's start; 0 without such a job. */
    private static long listingMs(RunView run, SqlExecutionFacts sql) {
        long since = run.facts().sqlExecutions().stream().filter(q -> q.endMs() <= sql.startMs())
                .mapToLong(SqlExecutionFacts::endMs).max().orElse(run.facts().application().startMs());
        OptionalLong firstJob = run.facts().jobs().stream().filter(j -> j.sqlExecutionId() < 0)
                .filter(j -> j.submittedMs() >= since && j.completedMs() <= sql.startMs())
                .mapToLong(JobFacts::submittedMs).min();
        return firstJob.isPresent() ? sql.startMs() - firstJob.getAsLong() : 0;
    }

    public long discoveryMs() {
        return metadataTimeMs + planningMs + listingMs;
    }

    /** The share of finding plus reading the input that went to finding it. */
    public double discoveryShare() {
        return (double) discoveryMs() / Math.max(1, discoveryMs() + scanWallMs);
    }

    public double shareOfApp() {
        return (double) discoveryMs() / Math.max(1, appDurationMs);
    }

    /**
     * The partition directories the filter pins, one per root location: {@code <root>/date=2024-02-10/hour=7}
     * for {@code date = '2024-02-10' AND hour = 7}; empty when the filter pins no value.
     */
    public List<String> exactPaths() {
        StringBuilder suffix = new StringBuilder();
        Matcher m = EQUALITY.matcher(partitionFilters == null ? "" : partitionFilters);
        while (m.find()) {
            suffix.append('/').append(m.group(1)).append('=').append(m.group(2).trim());
        }
        List<String> out = new ArrayList<>();
        if (!suffix.isEmpty()) {
            locations.forEach(root -> out.add(root.replaceAll("/+$", "") + suffix));
        }
        return out;
    }
}
